import { load as getConsent } from "../ds/get.datasource";
import { load as setConsent } from "../ds/set.datasource";

// Two aliases of one name, of the same length, as fbi-api-gateway's
// src/__tests__/userDataHistoricalLoansV2.test.js imports its datasources.
export async function putConsent(context) { // @def(putConsent, "putConsent")
  return setConsent({ token: "t", consent: false }, context); // @site(putSite, "setConsent") @call(putConsent, setLoad, putSite)
}

export async function readConsent(context) { // @def(readConsent, "readConsent")
  return getConsent({ token: "t" }, context); // @site(readSite, "getConsent") @call(readConsent, getLoad, readSite)
}
