package com.acme.billing.listen;

import com.acme.billing.events.InvoicePaid;

// Not an ApplicationListener: a method of that name handles nothing.
public class PlainHandler {
    public void onApplicationEvent(InvoicePaid event) { // @def(plainHandler, "onApplicationEvent") @callers(plainHandler)
        System.out.println(event.invoiceId());
    }
}
