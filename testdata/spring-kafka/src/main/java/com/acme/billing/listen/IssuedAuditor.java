package com.acme.billing.listen;

import com.acme.billing.events.InvoiceIssued;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

@Component
public class IssuedAuditor implements ApplicationListener<InvoiceIssued> {
    @Override
    public void onApplicationEvent(InvoiceIssued event) { // @def(auditIssued, "onApplicationEvent")
        System.out.println(event.invoiceId());
    }
}
