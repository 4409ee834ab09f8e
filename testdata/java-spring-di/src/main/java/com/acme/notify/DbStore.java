package com.acme.notify;

import org.springframework.stereotype.Repository;

@Repository
public class DbStore implements Store {
    public void save(String key) { // @def(dbSave, "save")
    }
}
