export class Bank {
  private items: number[] = [];
  public label = 'bank';

  get length(): number { // @def(getLength, "length")
    return this.items.length;
  }

  set length(n: number) { // @def(setLength, "length")
    this.items.length = n;
  }

  get summary(): string { // @def(summary, "summary")
    return this.label;
  }

  get blank() { // @def(blank, "blank")
    return this.items.length === 0;
  }

  set note(text: string) { // @def(note, "note")
    this.label = text;
  }

  add(n: number): Bank { // @def(add, "add") @callers(add)
    this.items.push(n);
    return this;
  }

  describe(): string { // @def(describe, "describe")
    return `${this.length} ${this.summary}`; // @site(d1, "length") @site(d2, "summary") @access(describe, getLength, "reads the getter", d1) @access(describe, setLength, "reads the getter", d1) @access(describe, summary, "reads the getter", d2)
  }
}

export class Vault extends Bank {
  empty(): boolean { // @def(empty, "empty")
    return this.length === 0; // @site(e1, "length") @access(empty, getLength, "reads the getter", e1) @access(empty, setLength, "reads the getter", e1)
  }
}

export class Plain {
  length = 0;

  size(): number { // @def(size, "size")
    return this.length;
  }
}
