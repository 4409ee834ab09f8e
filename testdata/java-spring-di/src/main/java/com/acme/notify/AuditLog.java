package com.acme.notify;

public interface AuditLog {
    void record(String entry); // @def(auditRecord, "record")
}
