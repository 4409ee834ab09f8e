export class CacheService {
  mget(keys: string[]): unknown[] { // @def(cacheMget, "mget")
    return keys;
  }
}

export class Other {
  mget(keys: string[]): unknown[] { // @def(otherMget, "mget")
    return [];
  }
}
