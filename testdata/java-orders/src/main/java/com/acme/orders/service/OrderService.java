package com.acme.orders.service;

import com.acme.orders.repo.OrderRepository;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Service;

@Service
public class OrderService {
    @Autowired
    private OrderRepository repository;

    public String ship(String id) { // @def(ship, "ship")
        String row = repository.get(id); // @site(shipGet, "get") @call(ship, repoGet, shipGet)
        validate(row); // @site(shipValidate, "validate") @call(ship, validate, shipValidate)
        this.repository.save(id, row + ":shipped"); // @site(shipSave, "save") @call(ship, repoSave, shipSave)
        return row;
    }

    private void validate(String row) { // @def(validate, "validate")
        if (row == null) {
            throw new IllegalStateException("missing");
        }
    }
}
