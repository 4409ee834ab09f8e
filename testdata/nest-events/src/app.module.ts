import { Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { DbAuditSink } from './audit/audit.sink';
import { AUDIT_SINK } from './reports/report.events';
import { ReportListener } from './reports/report.listener';
import { ReportService } from './reports/report.service';

// The provider map binds the AUDIT_SINK token to DbAuditSink, so
// ReportListener's @Inject(AUDIT_SINK) audit is a DbAuditSink.
@Module({
  imports: [EventEmitterModule.forRoot()],
  providers: [ReportService, ReportListener, { provide: AUDIT_SINK, useClass: DbAuditSink }],
})
export class AppModule {}
