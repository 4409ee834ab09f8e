import type { ApiClientBaseConstructor } from "./api-base";

export function withPkiApi<TBase extends ApiClientBaseConstructor>(Base: TBase) {
  return class PkiApiClient extends Base {
    async createCA(name: string): Promise<string> { // @def(createCA, "createCA")
      return name;
    }
  };
}
