const { PrismaClient } = require('@prisma/client');

const base = new PrismaClient();

// The client extension's query hook: Prisma runs it on every findMany of
// the client; no code of the workspace calls it by name.
const softDelete = {
  query: {
    $allModels: {
      async findMany({ args, query }) {  // @def(hook, "findMany") @nocallers(hook)
        return query({ ...args, where: { ...args.where, deletedAt: null } });
      },
    },
  },
};

// what calling it gives is what its one return gives: the library's client
function connect() {
  const client = base.$extends(softDelete);
  return client.$extends({ name: 'audit' });
}

module.exports = { base, softDelete, connect };
