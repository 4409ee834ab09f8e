package com.acme.billing.events;

public final class Topics {
    public static final String INVOICES = "billing.invoices";
    public static final String REFUNDS = "billing.refunds";
    public static final String REFUNDS_DLQ = "billing.refunds.dlq";
    public static final String AUDIT = "billing.audit";
    public static final String LEDGER_EVENTS = "billing.ledger-events";

    private Topics() {}
}
