const repo = require('./repo');
const { load } = require('./repo');
const audit = require('./audit.mjs');

function store(item) { // @def(store, "store") @nocallers(store)
  audit.record('store'); // @site(storeRecord, "record") @call(store, record, storeRecord)
  return repo.save(item); // @site(storeSave, "save") @call(store, save, storeSave)
}

function fetchOne(id) { // @def(fetchOne, "fetchOne")
  return load(id); // @site(fetchLoad, "load") @call(fetchOne, load, fetchLoad)
}

module.exports = { store, fetchOne };
