package com.acme.billing.events;

public abstract class BillingEvent {
    private final String invoiceId;

    protected BillingEvent(String invoiceId) {
        this.invoiceId = invoiceId;
    }

    public String invoiceId() {
        return invoiceId;
    }
}
