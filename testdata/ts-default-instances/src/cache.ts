// Another class with a method of the same name: no call above is its.
export class Cache {
  get(key: string): string { // @def(cacheGet, "get") @nocallers(cacheGet)
    return key;
  }
}
