import { EcommerceEngine } from "./engine";

export function runSuite(): number { // @def(runSuite, "runSuite")
  const ecom = new EcommerceEngine();
  return ecom.catalog.listPublicProducts("t").length; // @site(suiteList, "listPublicProducts") @call(runSuite, listPublic, suiteList)
}
