import { resolvers } from "./agency";
import { resolvers as renamed } from "./agency";

// A test calls the resolvers through the module's exported object, as
// fbi-api-gateway's src/__tests__/patronAgency.test.js does.
export function checkType() { // @def(checkType, "checkType")
  return resolvers.Agency.type({ kind: "library" }); // @site(checkTypeSite, "type") @call(checkType, agencyType, checkTypeSite)
}

export function checkRenamed() { // @def(checkRenamed, "checkRenamed")
  return renamed.Agency.type({ kind: "school" }); // @site(renamedSite, "type") @call(checkRenamed, agencyType, renamedSite)
}
