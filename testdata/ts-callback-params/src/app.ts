export class DebuggerApp {
  setQuery(q: string): void { // @def(setQuery, "setQuery")
    void q;
  }
}

export class Other {
  setQuery(q: string): void { // @def(otherSet, "setQuery") @nocallers(otherSet)
    void q;
  }
}

export function setUp<T>(name: string): (init?: (el: T) => void) => T {
  return (init) => {
    const el = document.createElement(name) as unknown as T;
    init?.(el);
    return el;
  };
}
