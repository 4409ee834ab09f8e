import { Logger, RedisCache } from "./cache";

export interface WrapOptions {
  cache: RedisCache;
  logger?: Logger;
  ttl: number;
}

export function wrap(opts: WrapOptions): string { // @def(wrap, "wrap")
  const { cache, logger: log, ttl = 5 } = opts;
  log?.warn("miss"); // @site(wrapWarn, "warn") @call(wrap, warn, wrapWarn)
  return cache.get(String(ttl)); // @site(wrapGet, "get") @call(wrap, cacheGet, wrapGet)
}

export class Reader {
  constructor(private readonly deps: WrapOptions) {}

  read(key: string): string { // @def(read, "read")
    const { cache } = this.deps;
    return cache.get(key); // @site(readGet, "get") @call(read, cacheGet, readGet)
  }
}
