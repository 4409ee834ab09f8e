// Another module whose path ends the same way (Fund/updatedAt): the alias
// in pages/funds.ts names the other one, so nothing here is called.
export const resolveUpdatedAt = async (parent: { updatedAt: Date }) => { // @def(legacyUpdatedAt, "resolveUpdatedAt") @nocallers(legacyUpdatedAt)
  return parent.updatedAt;
};
