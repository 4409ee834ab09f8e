export const resolvers = {
  Agency: {
    type(parent) { // @def(agencyType, "type")
      return parent.kind;
    },
    name(parent) { // @def(agencyName, "name")
      return parent.label;
    },
  },
  Branch: {
    type(parent) { // @def(branchType, "type") @nocallers(branchType)
      return parent.kind;
    },
  },
};

export function describe(parent) { // @def(describeAgency, "describe")
  return resolvers.Agency.name(parent); // @site(describeName, "name") @call(describeAgency, agencyName, describeName)
}
