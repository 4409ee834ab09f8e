package com.acme.notify;

// A test double: no bean, so no injected Store is one.
public class MemoryStore implements Store {
    public void save(String key) { // @def(memorySave, "save") @nocallers(memorySave)
    }
}
