export function useBuiltins(key: string): unknown { // @def(useBuiltins, "useBuiltins")
  const cache = new Map<string, string>();
  cache.get(key);
  const params = new URLSearchParams('a=1');
  params.get('a');
  document.get(key);
  return Promise.resolve(1).then((v) => v);
}

export class Holder {
  private store = new Map<string, string>();

  read(key: string): string | undefined { // @def(read, "read")
    return this.store.get(key);
  }
}
