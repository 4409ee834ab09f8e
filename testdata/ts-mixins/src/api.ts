import { ApiClientBase } from "./api-base";
import { withPkiApi } from "./api-pki";
import { withProxyApi } from "./api-proxy";

class ApiClient extends withPkiApi(withProxyApi(ApiClientBase)) {
  async boot(): Promise<string> { // @def(boot, "boot")
    return this.createCA("root"); // @site(bootCreate, "createCA") @call(boot, createCA, bootCreate)
  }
}

export class Other {
  createCA(): void {} // @def(otherCreate, "createCA") @callers(otherCreate)
}

export const api = new ApiClient();
