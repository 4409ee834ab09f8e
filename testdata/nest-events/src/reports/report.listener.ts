import { Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { AUDIT_SINK, REPORT_ARCHIVED, ReportEvents } from './report.events';
import { AuditSink } from '../audit/audit.sink';

@Injectable()
export class ReportListener {
  constructor(@Inject(AUDIT_SINK) private readonly audit: AuditSink) {}

  @OnEvent('report.created')
  handleReportCreated(payload: { id: string }): void { // @def(handleReportCreated, "handleReportCreated")
    this.audit.record(payload.id); // @site(createdRecord, "record") @call(handleReportCreated, sinkRecord, createdRecord) @dispatch(handleReportCreated, dbRecord, createdRecord) @dispatch(handleReportCreated, consoleRecord, createdRecord)
  }

  @OnEvent(REPORT_ARCHIVED)
  handleArchived(payload: { id: string }): void { // @def(handleArchived, "handleArchived")
    void payload;
  }

  @OnEvent(ReportEvents.Exported, { async: true })
  handleExported(payload: { id: string }): void { // @def(handleExported, "handleExported")
    void payload;
  }

  // Subscribed, but nothing in the workspace publishes it.
  @OnEvent('report.deleted')
  handleDeleted(payload: { id: string }): void { // @def(handleDeleted, "handleDeleted")
    void payload;
  }
}
