class Store {
  findMany(filter) {  // @def(storeFindMany, "findMany")
    return [filter];
  }

  update(row) {  // @def(storeUpdate, "update")
    return row;
  }
}

function makeStore() {
  return new Store();
}

// no result type written: what calling it gives is what makeStore() gives
async function openStore(name) {
  if (!name) {
    return makeStore();
  }
  return makeStore();
}

module.exports = { Store, openStore };
