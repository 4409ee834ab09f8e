export interface Tracker {
  start(op: string): void;
}

// A factory's object literal, typed by the factory's result: its start
// implements Tracker's.
export function createTracker(): Tracker {
  return {
    start(op: string): void {}, // @def(trackerStart, "start")
  };
}

// A constant's object literal, typed by its annotation.
export const quiet: Tracker = {
  start(op: string): void {}, // @def(quietStart, "start")
};

// A factory with no declared result: it returns its object literal.
export function makeCounter() {
  return {
    count(): number { // @def(counterCount, "count")
      return 1;
    },
  };
}
