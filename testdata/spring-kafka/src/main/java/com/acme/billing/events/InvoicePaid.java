package com.acme.billing.events;

public class InvoicePaid extends BillingEvent {
    public InvoicePaid(String invoiceId) {
        super(invoiceId);
    }
}
