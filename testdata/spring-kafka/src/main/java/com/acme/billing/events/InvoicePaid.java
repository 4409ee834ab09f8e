package com.acme.billing.events;

public class InvoicePaid extends BillingEvent {
    public InvoicePaid(String invoiceId) {
        super(invoiceId);
    }

    public static InvoicePaid of(String invoiceId) { // @def(invoicePaidOf, "of")
        return new InvoicePaid(invoiceId);
    }
}
