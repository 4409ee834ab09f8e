import { Client as BaseClient } from './client';

export class RetryingClient extends BaseClient {
  fetchAgain(): number { // @def(fetchAgain, "fetchAgain")
    return this.fetch(); // @site(f3, "fetch") @call(fetchAgain, clientFetch, f3)
  }
}

export function viaBase(c: BaseClient): number { // @def(viaBase, "viaBase")
  return c.fetch(); // @site(f4, "fetch") @call(viaBase, clientFetch, f4)
  // @callers(clientFetch, fetchTwice, fetchAgain, viaBase)
}
