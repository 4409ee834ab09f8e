// Methods used as values (issue 15): tsserver lists a property access that
// names a method (this.format, fmt.money) as an incoming call of it; a bare
// name passed as a value it does not list.
import * as fmt from './format';

export function helper(x: number): number { // @def(helper, "helper") @callers(helper)
  return x;
}

export class Report {
  format(n: number): string { // @def(format, "format")
    return String(n);
  }

  handle(): void { // @def(handle, "handle")
  }

  done(): void { // @def(done, "done")
  }

  render(items: number[]): string[] { // @def(render, "render")
    const cb = this.handle.bind(this); // @site(renderHandle, "handle") @ref(render, handle, renderHandle)
    setTimeout(cb, 10);
    items.map(helper);
    return items.map(this.format); // @site(renderFormat, "format") @ref(render, format, renderFormat)
  }

  totals(items: number[]): string[] { // @def(totals, "totals")
    this.onDone = this.done; // @site(totalsDone, "done") @ref(totals, done, totalsDone)
    return items.map(fmt.money); // @site(totalsMoney, "money") @ref(totals, money, totalsMoney)
  }

  onDone: () => void = () => {};
}
