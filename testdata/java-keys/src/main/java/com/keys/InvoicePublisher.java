package com.keys;

import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Service;

@Service
public class InvoicePublisher {
    private final KafkaTemplate<String, String> kafkaTemplate;

    public InvoicePublisher(KafkaTemplate<String, String> kafkaTemplate) {
        this.kafkaTemplate = kafkaTemplate;
    }

    public void issue(String id) { // @def(issue, "issue")
        kafkaTemplate.send(Channels.INVOICE_TOPIC, id); // @site(issueSend, "send") @event(issue, onInvoice, "billing.invoices", issueSend)
    }

    public void literal(String id) { // @def(literal, "literal")
        kafkaTemplate.send("billing.invoices", id); // @site(literalSend, "send") @event(literal, onInvoice, "billing.invoices", literalSend)
    }

    // Another topic of the same prefix: not the invoice consumer's.
    public void pay(String id) { // @def(pay, "pay")
        kafkaTemplate.send(Topics.PAYMENTS, id);
    }
}
