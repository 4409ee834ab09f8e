export const resolveUpdatedAt = async (parent: { updatedAt: Date }) => { // @def(fundUpdatedAt, "resolveUpdatedAt")
  return parent.updatedAt;
};
