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
}
