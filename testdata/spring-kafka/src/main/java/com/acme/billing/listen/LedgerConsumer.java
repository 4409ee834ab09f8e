package com.acme.billing.listen;

import com.acme.billing.events.Topics;
import org.springframework.kafka.annotation.KafkaHandler;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

@Component
@KafkaListener(topics = Topics.LEDGER_EVENTS, groupId = "ledger")
public class LedgerConsumer {
    @KafkaHandler
    public void onEntry(String entry) { // @def(onEntry, "onEntry")
        System.out.println(entry);
    }

    @KafkaHandler(isDefault = true)
    public void onUnknownEntry(Object entry) { // @def(onUnknownEntry, "onUnknownEntry")
        System.out.println(entry);
    }
}
