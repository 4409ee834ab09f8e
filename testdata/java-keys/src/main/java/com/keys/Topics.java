package com.keys;

// Topic names built from other constants, as services write them.
public final class Topics {
    public static final String PREFIX = "billing";
    public static final String INVOICES = PREFIX + ".invoices";
    public static final String PAYMENTS = PREFIX + ".payments";

    private Topics() {}
}
