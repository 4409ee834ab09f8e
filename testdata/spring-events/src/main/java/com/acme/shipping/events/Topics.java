package com.acme.shipping.events;

public final class Topics {
    public static final String SHIPMENTS = "shipments";

    private Topics() {}
}
