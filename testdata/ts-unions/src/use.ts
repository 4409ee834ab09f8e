import { Episodic, Semantic, type Memory, type Store } from "./models";

export function describe(memory: Episodic | Semantic): object { // @def(describe, "describe")
  return memory.toDict(); // @site(d1, "toDict") @call(describe, episodicToDict, d1) @call(describe, semanticToDict, d1)
}

export function maybe(memory: Episodic | undefined): object | undefined { // @def(maybe, "maybe")
  return memory?.toDict(); // @site(m1, "toDict") @call(maybe, episodicToDict, m1)
}

export function orNull(memory: Episodic | null): object { // @def(orNull, "orNull")
  return memory!.toDict(); // @site(n1, "toDict") @call(orNull, episodicToDict, n1)
}

export function viaAlias(memory: Memory): object { // @def(viaAlias, "viaAlias")
  return memory.toDict(); // @site(a1, "toDict") @call(viaAlias, episodicToDict, a1) @call(viaAlias, semanticToDict, a1)
}

export function narrowed(memory: Episodic | Semantic): void { // @def(narrowed, "narrowed")
  if (memory instanceof Episodic) {
    memory.touch(); // @site(t1, "touch") @call(narrowed, episodicTouch, t1)
  }
}

export function fromStore(store: Store, id: string): object | undefined { // @def(fromStore, "fromStore")
  const found = store.load(id); // @site(l1, "load") @call(fromStore, storeLoad, l1)
  return found?.toDict(); // @site(s1, "toDict") @call(fromStore, episodicToDict, s1) @call(fromStore, semanticToDict, s1)
}

export class Holder {
  private current: Episodic | Semantic | null = null;

  dump(): object | undefined { // @def(dump, "dump")
    return this.current?.toDict(); // @site(h1, "toDict") @call(dump, episodicToDict, h1) @call(dump, semanticToDict, h1)
  }

  get latest(): Episodic | Semantic {
    return this.current ?? new Episodic();
  }

  show(): object { // @def(show, "show")
    return this.latest.toDict(); // @site(g1, "toDict") @call(show, episodicToDict, g1) @call(show, semanticToDict, g1)
  }

  static pick(first: boolean): Episodic | Semantic {
    return first ? new Episodic() : new Semantic();
  }
}

export function picked(): object { // @def(picked, "picked")
  return Holder.pick(true).toDict(); // @site(p1, "toDict") @call(picked, episodicToDict, p1) @call(picked, semanticToDict, p1)
}

export interface Slot {
  memory: Episodic | Semantic;
}

export function fromSlot(slot: Slot): object { // @def(fromSlot, "fromSlot")
  return slot.memory.toDict(); // @site(i1, "toDict") @call(fromSlot, episodicToDict, i1) @call(fromSlot, semanticToDict, i1)
}

export function fromLiteral(slot: { memory: Episodic | Semantic | undefined }): object | undefined { // @def(fromLiteral, "fromLiteral")
  return slot.memory?.toDict(); // @site(o1, "toDict") @call(fromLiteral, episodicToDict, o1) @call(fromLiteral, semanticToDict, o1)
}
