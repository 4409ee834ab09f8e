// A call through a field holding a function, stored from another class:
// the call runs what was stored.
export class Emitter {
  handler?: () => void;

  fire(): void { // @def(fire, "fire")
    this.handler(); // @site(fireHandler, "handler") @call(fire, notify, fireHandler)
  }
}

export class Panel {
  notify(): void { // @def(notify, "notify")
  }

  wire(e: Emitter): void { // @def(wire, "wire")
    e.handler = this.notify; // @site(wireNotify, "notify") @ref(wire, notify, wireNotify)
  }
}
