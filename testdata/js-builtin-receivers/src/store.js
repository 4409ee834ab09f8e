class Store {
  exec(sql) { // @def(exec, "exec")
    return sql;
  }

  get(key) { // @def(get, "get")
    return key;
  }
}

function run(sql) { // @def(run, "run")
  const store = new Store();
  store.exec(sql); // @site(runExec, "exec") @call(run, exec, runExec)
  return store.get(sql); // @site(runGet, "get") @call(run, get, runGet)
}

module.exports = { Store, run };
