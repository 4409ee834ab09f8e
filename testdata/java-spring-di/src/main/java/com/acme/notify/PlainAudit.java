package com.acme.notify;

import lombok.Data;

// No bean: only Lombok's annotation.
@Data
public class PlainAudit implements AuditLog {
    public void record(String entry) { // @def(plainRecord, "record") @nocallers(plainRecord)
    }
}
