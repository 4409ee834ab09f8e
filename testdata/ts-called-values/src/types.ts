export interface JQueryNode {
  on(events: string): JQueryNode; // @def(on, "on")
  append(content: unknown): JQueryNode; // @def(append, "append")
}

// A function type alias: calling a JQuery gives a JQueryNode.
export type JQuery = (selector: string) => JQueryNode;

// An interface with a call signature, and a member beside it.
export interface Callable {
  (target: string): JQueryNode;
  readonly ui: string;
}

export interface Actions {
  readonly addToggle: (node: JQueryNode, name: string) => JQueryNode;
}

export interface Deps {
  readonly getActions: () => Actions;
  readonly getJQuery: () => JQuery;
  readonly getCallable: () => Callable;
}

export interface Shell {
  readonly $: JQuery;
}

// Emitter has methods of the same names and is no JQueryNode: no call
// below is one of its.
export class Emitter {
  on(events: string): this { // @def(emitterOn, "on") @nocallers(emitterOn)
    return this;
  }

  append(content: unknown): number { // @def(emitterAppend, "append") @nocallers(emitterAppend)
    return String(content).length;
  }
}
