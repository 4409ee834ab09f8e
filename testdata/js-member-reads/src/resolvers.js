export const resolvers = {
  Work: {
    manifestations(parent) { // @def(manifestations, "manifestations")
      return parent.list;
    },
  },
};
