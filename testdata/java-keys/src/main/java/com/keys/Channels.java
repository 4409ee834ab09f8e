package com.keys;

public interface Channels {
    String INVOICE_TOPIC = Topics.INVOICES;
}
