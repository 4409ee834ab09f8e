import { Injectable } from '@nestjs/common';

export interface AuditSink {
  record(entry: string): void; // @def(sinkRecord, "record")
}

@Injectable()
export class DbAuditSink implements AuditSink {
  record(entry: string): void { // @def(dbRecord, "record")
    void entry;
  }
}

// Implements the interface too, and no provider binds it to AUDIT_SINK:
// tsserver types the injected field as declared (AuditSink) and lists the
// call under every implementation, this one too (session 27).
@Injectable()
export class ConsoleAuditSink implements AuditSink {
  record(entry: string): void { // @def(consoleRecord, "record")
    console.log(entry);
  }
}
