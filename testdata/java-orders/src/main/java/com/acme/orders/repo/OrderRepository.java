package com.acme.orders.repo;

import java.util.HashMap;
import java.util.Map;

public class OrderRepository {
    private final Map<String, String> rows = new HashMap<>();

    public String get(String id) { // @def(repoGet, "get")
        return rows.get(id); // a Map's get: @callers(cacheGet)
    }

    public void save(String id, String row) { // @def(repoSave, "save")
        rows.put(id, row);
    }
}
