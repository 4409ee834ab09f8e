import { CacheService, Other } from './cache';

function createMockCache() {
  const inner = () => {
    return new Other(); // a nested function's return is not createMockCache's
  };
  return { mget: () => [], inner } as unknown as CacheService;
}

async function makeReal() {
  return new CacheService();
}

const quick = () => new CacheService();

function mixed(flag: boolean) {
  if (flag) {
    return new CacheService();
  }
  return new Other();
}

export async function useIt(): Promise<void> { // @def(useIt, "useIt")
  const cache = createMockCache();
  cache.mget(['a']); // @site(m1, "mget")
  const real = await makeReal();
  real.mget(['b']); // @site(m2, "mget")
  quick().mget(['c']); // @site(m3, "mget") @call(useIt, cacheMget, m1, m2, m3)
}

export function unsure(): void { // @def(unsure, "unsure")
  mixed(true).mget(['d']); // @site(m4, "mget") @possible(unsure, otherMget, m4)
}
