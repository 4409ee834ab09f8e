export class Panel {
  private shown = false;

  get hidden(): boolean { // @def(hidden, "hidden") @nocallers(hidden)
    return !this.shown;
  }
}

export function toggle(el: HTMLElement, other: Map<string, number>): boolean { // @def(toggle, "toggle")
  el.hidden = !el.hidden;
  return other.size > 0 && el.hidden;
}
