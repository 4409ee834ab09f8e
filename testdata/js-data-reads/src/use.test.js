// A test's expectation matched as data, and a value destructured into
// members a function has not, are data too (fbi-api-gateway's
// src/__tests__/cover.test.js, src/datasources/retriever.datasource.js).
export function checks(result, config, entry) { // @def(checks, "checks")
  expect(result.data.type).toEqual({ kind: "library" });
  expect(result.data.type).not.toMatchObject({});
  expect(result.closed).toBe(false);
  const { url, token } = config.closed;
  expect(entry.closed).toBeDefined(); // @site(definedSite, "closed") @possible(checks, agencyClosed, definedSite)
  expect(entry.type).toBe(entry.other); // @site(toBeSite, "type") @possible(checks, agencyType, toBeSite)
  return [url, token];
}
