import { Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { DbAuditSink } from './audit/audit.sink';
import { AUDIT_SINK } from './reports/report.events';
import { ReportListener } from './reports/report.listener';
import { ReportService } from './reports/report.service';

// The provider map binds the AUDIT_SINK token to DbAuditSink. ReportListener
// declares its @Inject(AUDIT_SINK) audit as the interface AuditSink, which
// tsserver keeps (a call through it is the interface's, dispatched to every
// implementation); a token field declared without a workspace type would be
// a DbAuditSink by this map.
@Module({
  imports: [EventEmitterModule.forRoot()],
  providers: [ReportService, ReportListener, { provide: AUDIT_SINK, useClass: DbAuditSink }],
})
export class AppModule {}
