import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { ClientProxy } from '@nestjs/microservices';
import { ReportRepository } from './report.repository';
import { REPORT_ARCHIVED, REPORTS_CLIENT, ReportEvents } from './report.events';

@Injectable()
export class ReportService {
  constructor(
    private readonly eventEmitter: EventEmitter2,
    @Inject(REPORTS_CLIENT) private readonly client: ClientProxy,
    private readonly repository: ReportRepository,
  ) {}

  create(dto: { id: string }): string { // @def(create, "create")
    const id = this.repository.save(dto); // @site(createSave, "save") @call(create, repoSave, createSave)
    this.eventEmitter.emit('report.created', { id }); // @site(createEmit, "emit") @event(create, handleReportCreated, "report.created", createEmit)
    return id;
  }

  archive(id: string): void { // @def(archive, "archive")
    this.eventEmitter.emit(REPORT_ARCHIVED, { id }); // @site(archiveEmit, "emit") @event(archive, handleArchived, "report.archived", archiveEmit)
  }

  exportReport(id: string): void { // @def(exportReport, "exportReport")
    this.eventEmitter.emit(ReportEvents.Exported, { id }); // @site(exportEmit, "emit") @event(exportReport, handleExported, "report.exported", exportEmit)
    this.client.emit('report.exported.remote', { id }); // @site(exportRemote, "emit") @event(exportReport, handleRemoteExport, "report.exported.remote", exportRemote)
  }

  rename(id: string, suffix: string): void { // @def(rename, "rename")
    // A name built at run time links to nothing: no edge is guessed.
    this.eventEmitter.emit(`report.${suffix}`, { id });
  }
}
