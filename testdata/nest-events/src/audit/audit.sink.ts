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
