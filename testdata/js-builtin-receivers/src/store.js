class Store {
  exec(sql) { // @def(exec, "exec")
    return sql;
  }

  get(key) { // @def(get, "get")
    return key;
  }

  clear() { // @def(clear, "clear")
    return this;
  }
}

function run(sql) { // @def(run, "run")
  const store = new Store();
  store.exec(sql); // @site(runExec, "exec") @call(run, exec, runExec)
  store.clear(); // @site(runClear, "clear") @call(run, clear, runClear)
  return store.get(sql); // @site(runGet, "get") @call(run, get, runGet)
}

module.exports = { Store, run };
