package com.acme.billing.events;

// Interface constants: implicitly public static final.
public interface Queues {
    String RECEIPTS = "billing.receipts";
    String LEDGER = "billing.ledger";
}
