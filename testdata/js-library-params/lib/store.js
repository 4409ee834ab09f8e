class Store {
  findMany(filter) {  // @def(storeFindMany, "findMany")
    return [filter];
  }

  update(row) {  // @def(storeUpdate, "update")
    return row;
  }
}

module.exports = { Store };
