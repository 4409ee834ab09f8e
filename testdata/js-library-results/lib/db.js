const { PrismaClient } = require('@prisma/client');
const { createClient } = require('@supabase/supabase-js');

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

module.exports = { base, softDelete, createClient };
