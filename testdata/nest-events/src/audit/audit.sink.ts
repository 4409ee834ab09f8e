import { Injectable } from '@nestjs/common';

export interface AuditSink {
  record(entry: string): void;
}

@Injectable()
export class DbAuditSink implements AuditSink {
  record(entry: string): void { // @def(dbRecord, "record")
    void entry;
  }
}

// Implements the interface too, but no provider binds it to AUDIT_SINK.
@Injectable()
export class ConsoleAuditSink implements AuditSink {
  record(entry: string): void { // @def(consoleRecord, "record") @callers(consoleRecord)
    console.log(entry);
  }
}
