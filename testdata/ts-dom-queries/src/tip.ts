// A custom element of the workspace, looked up through the DOM's generic
// queries (lib.dom.d.ts): querySelector<E>(...) gives an E | null, and
// querySelectorAll<E>(...) a NodeListOf<E>, whose elements are Es.
export class TipSk extends HTMLElement {
  reset(): void {} // @def(reset, "reset")
  moveTo(x: number | null): void { // @def(moveTo, "moveTo")
    void x;
  }
  hide(): void {} // @def(hide, "hide") @nocallers(hide)
}
