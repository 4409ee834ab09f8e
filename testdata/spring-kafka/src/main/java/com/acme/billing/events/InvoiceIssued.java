package com.acme.billing.events;

public class InvoiceIssued extends BillingEvent {
    public InvoiceIssued(String invoiceId) {
        super(invoiceId);
    }
}
