import { Map as IMap } from 'immutable';
import { PageTagService } from './services';

export class Handler {
  list(): void {} // @def(handlerList, "list")
}

export class Registry {
  get(key: unknown): Handler { // @def(registryGet, "get")
    return new Handler();
  }
}

export function lookups(registry: Registry) { // @def(lookups, "lookups")
  registry.get(PageTagService).list(); // @site(lookupsGet, "get") @site(lookupsList, "list") @call(lookups, registryGet, lookupsGet) @call(lookups, handlerList, lookupsList)
  const table = IMap<string, string>();
  return table.get(PageTagService);
}
