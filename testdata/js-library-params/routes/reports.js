const realPrisma = require('../lib/db');
const { Store } = require('../lib/store');

// A parameter's default gives its type, as tsserver infers it in
// JavaScript: the library's client, whose findMany is the library's.
async function recent(client = realPrisma) {  // @def(recent, "recent")
  return client.report.findMany({});
}

async function sweep({ now = new Date(), prisma = realPrisma } = {}) {  // @def(sweep, "sweep")
  return prisma.report.findMany({ where: { before: now } });
}

// A member read into a local is what the chain reads.
async function templates() {  // @def(templates, "templates")
  const delegate = realPrisma.template;
  return delegate.findMany({});
}

async function rows(model) {  // @def(rows, "rows")
  const delegate = realPrisma[model];
  return delegate.findMany({});
}

// JSDoc types a parameter in JavaScript, as tsserver reads it: an
// import type of a library is the library's, one of the workspace (or a
// name the file binds) is that class.
/**
 * @param {import('@supabase/supabase-js').SupabaseClient} supabase
 * @param {import('../lib/store').Store} store
 * @param {Store} [backup] a second store
 */
async function mirror(supabase, store, backup) {  // @def(mirror, "mirror")
  await supabase.from('reports').update({});
  await backup.update({});  // @site(m1, "update") @call(mirror, storeUpdate, m1)
  return store.findMany({});  // @site(m2, "findMany") @call(mirror, storeFindMany, m2)
}

/** @param {import('@prisma/client').PrismaClient} db */
const purge = async (db) => {  // @def(purge, "purge")
  return db.report.findMany({});
};

/** @type {Store} */
let shared;

function fromShared() {  // @def(fromShared, "fromShared")
  return shared.findMany({});  // @site(m3, "findMany") @call(fromShared, storeFindMany, m3)
}

// A name the file does not bind is an error to tsserver (any): the call
// stays a name match, flagged, not a precise caller.
/** @param {Ledger} ledger */
function settle(ledger) {  // @def(settle, "settle")
  return ledger.update({});  // @site(m4, "update") @namecall(settle, storeUpdate, m4)
}

module.exports = { settle, recent, sweep, templates, rows, mirror, purge, fromShared };
