export const resolvers = {
  Agency: {
    type(parent) { // @def(agencyType, "type")
      return parent.kind;
    },
    closed(parent) { // @def(agencyClosed, "closed")
      return parent.shut;
    },
  },
};

export class Box {
  get size() { // @def(boxSize, "size")
    return 1;
  }
}
