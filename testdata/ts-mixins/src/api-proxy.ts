import type { ApiClientBaseConstructor } from "./api-base";

export function withProxyApi<TBase extends ApiClientBaseConstructor>(Base: TBase) {
  return class ProxyApiClient extends Base {
    async listHosts(): Promise<string[]> { // @def(listHosts, "listHosts")
      return [];
    }
  };
}
