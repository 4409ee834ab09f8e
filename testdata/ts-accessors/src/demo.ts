import { Bank } from './bank';

export class BankSk extends HTMLElement {
  set caption(text: string) { // @def(caption, "caption")
    this.title = text;
  }
}

export function demo(summary: string) { // @def(demo, "demo")
  const sk = document.querySelector<BankSk>('bank-sk')!;
  sk.caption = summary; // @site(q1, "caption") @access(demo, caption, "writes the setter", q1)
  const el = document.querySelector('bank-sk') as Bank | null;
  return el?.length; // @site(q2, "length") @access(demo, getLength, "reads the getter", q2) @access(demo, setLength, "reads the getter", q2)
}
