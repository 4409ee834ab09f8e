const { createClient } = require('@supabase/supabase-js');
const { base, softDelete, connect } = require('../lib/db');
const { Store, openStore } = require('../lib/store');

async function listUsers() {  // @def(listUsers, "listUsers")
  const client = base.$extends(softDelete);
  return client.user.findMany({ where: {} });
}

async function renameProfile(id, name) {  // @def(renameProfile, "renameProfile")
  const supabase = createClient('http://localhost', 'key');
  const profiles = supabase.from('profiles');
  return profiles.update({ name }).eq('id', id);
}

function fromStore() {  // @def(fromStore, "fromStore")
  const store = new Store();
  store.update({});  // @site(s1, "update") @call(fromStore, storeUpdate, s1)
  return store.findMany({});  // @site(s2, "findMany") @call(fromStore, storeFindMany, s2)
}

async function listConnected() {  // @def(listConnected, "listConnected")
  const db = connect();
  return db.user.findMany({});
}

async function fromOpened() {  // @def(fromOpened, "fromOpened")
  const store = await openStore('main');
  return store.update({});  // @site(s3, "update") @call(fromOpened, storeUpdate, s3)
}

module.exports = { listUsers, renameProfile, fromStore, listConnected, fromOpened };
