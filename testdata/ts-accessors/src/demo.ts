import { Bank } from './bank';

export class BankSk extends HTMLElement {
  set caption(text: string) { // @def(caption, "caption")
    this.title = text;
  }
}

export function $$<E extends Element = Element>(query: string, ele: Element | Document = document): E | null {
  return ele.querySelector(query);
}

export function demo(summary: string) { // @def(demo, "demo")
  const sk = document.querySelector<BankSk>('bank-sk')!;
  sk.caption = summary; // @site(q1, "caption")
  const other = $$<BankSk>('bank-sk', document);
  other!.caption = summary; // @site(q3, "caption") @access(demo, caption, "writes the setter", q1, q3)
  const el = document.querySelector('bank-sk') as Bank | null;
  return el?.length; // @site(q2, "length") @access(demo, getLength, "reads the getter", q2) @access(demo, setLength, "reads the getter", q2)
}
