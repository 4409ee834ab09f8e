export class RedisCache {
  get(key: string): string { // @def(cacheGet, "get")
    return key;
  }
}

export class Logger {
  warn(message: string): void {} // @def(warn, "warn")
}

export class Other {
  get(key: string): string { // @def(otherGet, "get") @callers(otherGet)
    return key;
  }
}
