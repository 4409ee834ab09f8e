package com.acme.shipping.events;

public record OrderCancelled(String id) {}
