package com.acme.billing.service;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Service;

@Service
public class ExportPublisher {
    private final String topic;
    private final KafkaTemplate<String, String> kafkaTemplate;

    public ExportPublisher(@Value("${billing.topics.exports}") String topic, KafkaTemplate<String, String> kafkaTemplate) {
        this.topic = topic;
        this.kafkaTemplate = kafkaTemplate;
    }

    public void export(String id) { // @def(export, "export")
        kafkaTemplate.send(topic, id, "payload"); // @site(exportSend, "send") @event(export, consumeExport, "${billing.topics.exports}", exportSend)
    }
}
