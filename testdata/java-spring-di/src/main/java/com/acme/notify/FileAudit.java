package com.acme.notify;

import org.springframework.stereotype.Service;

@Service
public class FileAudit implements AuditLog {
    public void record(String entry) { // @def(fileRecord, "record")
    }
}
