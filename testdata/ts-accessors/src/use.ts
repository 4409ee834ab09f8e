import { Bank, Plain, Vault } from './bank';

export interface Banks {
  main: Bank;
}

export function count(bank: Bank): number { // @def(count, "count")
  return bank.length; // @site(c1, "length") @access(count, getLength, "reads the getter", c1) @access(count, setLength, "reads the getter", c1)
}

export function resize(bank: Bank) { // @def(resize, "resize")
  bank.length = 3; // @site(r1, "length") @access(resize, getLength, "writes the setter", r1) @access(resize, setLength, "writes the setter", r1)
}

export function bump(bank: Bank) { // @def(bump, "bump")
  bank.length += 1; // @site(b1, "length")
  bank.length++; // @site(b2, "length") @access(bump, getLength, "writes the setter", b1, b2) @access(bump, setLength, "writes the setter", b1, b2)
}

export function plain(bank: Bank, xs: number[], p: Plain): string { // @def(plain, "plain")
  return bank.label + xs.length + p.length;
}

export function method(bank: Bank) { // @def(method, "method")
  const f = bank.add;
  return f;
}

export function destructure(bank: Bank) { // @def(destructure, "destructure")
  const { length, summary } = bank;
  return length + summary;
}

export function label(bank: Bank, text: string) { // @def(label, "label")
  bank.note = text; // @site(l1, "note") @access(label, note, "writes the setter", l1)
  return bank?.summary; // @site(l2, "summary") @access(label, summary, "reads the getter", l2)
}

export function chained(banks: Banks, vault: Vault) { // @def(chained, "chained")
  vault.length; // @site(h1, "length")
  return banks.main.length.toFixed(); // @site(h2, "length") @access(chained, getLength, "reads the getter", h1, h2) @access(chained, setLength, "reads the getter", h1, h2)
}

export function isBlank(bank: Bank): boolean { // @def(isBlank, "isBlank")
  return bank.blank; // @site(k1, "blank") @access(isBlank, blank, "reads the getter", k1)
}
