const { PrismaClient } = require('@prisma/client');

// The client extension's query hook: Prisma runs it on every findMany of
// the client; no code of the workspace calls it by name.
function buildClient() {
  const base = new PrismaClient();
  return base.$extends({
    query: {
      $allModels: {
        async findMany({ args, query }) {  // @def(hook, "findMany") @nocallers(hook)
          return query(args);
        },
      },
    },
  });
}

const prisma = buildClient();

module.exports = prisma;
