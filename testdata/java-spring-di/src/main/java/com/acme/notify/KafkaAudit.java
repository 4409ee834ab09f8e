package com.acme.notify;

import lombok.extern.slf4j.Slf4j;

// A bean through the project's own stereotype, which is not read: the one
// bean the resolver knows of (FileAudit) is not taken for the only one.
@UseCase
@Slf4j
public class KafkaAudit implements AuditLog {
    public void record(String entry) { // @def(kafkaRecord, "record")
    }
}
