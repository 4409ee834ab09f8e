package com.acme.notify;

public interface Store {
    void save(String key); // @def(storeSave, "save")
}
