package com.acme.shipping.events;

public class OrderPlaced {
    private final String id;

    public OrderPlaced(String id) { // @def(orderPlacedCtor, "OrderPlaced")
        this.id = id;
    }

    public String id() {
        return id;
    }
}
