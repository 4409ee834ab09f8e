def flush(store, items):  # @def(flush, "flush")
    for item in items:
        store.save(item)  # @site(flushSave, "save") @possible(flush, orderSave, flushSave)
