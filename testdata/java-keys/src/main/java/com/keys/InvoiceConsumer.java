package com.keys;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

@Component
public class InvoiceConsumer {
    @KafkaListener(topics = Topics.INVOICES, groupId = "billing")
    public void onInvoice(String message) { // @def(onInvoice, "onInvoice")
        System.out.println(message);
    }
}
