// @module(breakerFile)
// A type alias of an object type declares what an interface does: an
// object literal typed by it (returned from a function that declares it,
// or bound to a local that does) implements its methods, and so does a
// class that implements the alias. tsserver lists breaker.onFailure() on
// a Breaker under each one's onFailure.
export type Breaker = {
  onSuccess(): void; // @def(aliasSuccess, "onSuccess")
  onFailure(): void;
  isOpen: () => boolean;
};

export const createBreaker = (name: string): Breaker => {
  let failures = 0;
  return {
    onSuccess(): void { // @def(litSuccess, "onSuccess")
      failures = 0;
    },
    onFailure(): void { // @def(litFailure, "onFailure")
      failures++;
    },
    isOpen: () => failures > name.length,
  };
};

export const quiet: Breaker = {
  onSuccess(): void {},
  onFailure(): void {}, // @def(quietFailure, "onFailure")
  isOpen(): boolean { // @def(quietIsOpen, "isOpen")
    return false;
  },
};

export class CountingBreaker implements Breaker {
  count = 0;
  onSuccess(): void {}
  onFailure(): void { // @def(classFailure, "onFailure")
    this.count++;
  }
  isOpen = (): boolean => this.count > 3; // @def(classIsOpen, "isOpen")
}

const byName = new Map<string, Breaker>();

export const getBreaker = (name: string): Breaker => {
  const found = byName.get(name);
  if (found) {
    return found;
  }
  const made = createBreaker(name);
  byName.set(name, made);
  return made;
};

// Not a Breaker: a literal of an unrelated alias with the same method name.
export type Logger = {
  onFailure(message: string): void;
};

export const logger: Logger = {
  onFailure(message: string): void { // @def(loggerFailure, "onFailure") @nocallers(loggerFailure)
    console.log(message);
  },
};
