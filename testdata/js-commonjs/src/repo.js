function save(item) { // @def(save, "save")
  return item;
}

function load(id) { // @def(load, "load")
  return { id };
}

module.exports = { save, load };
