import { getCached, Store } from './cache';

interface Payload {
  snapshot: number;
}

export function negated(): boolean { // @def(negated, "negated")
  return !getCached<Payload>('k')?.snapshot; // @site(u1, "getCached") @call(negated, getCached, u1)
}

export function minus(store: Store): number { // @def(minus, "minus")
  return -store.read<number>('n')!; // @site(u2, "read") @call(minus, read, u2)
}

export function typed(): string { // @def(typed, "typed")
  return typeof getCached<Payload>('k'); // @site(u3, "getCached") @call(typed, getCached, u3)
}
