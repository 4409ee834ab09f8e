import { Injectable } from '@nestjs/common';
import { Cron, Interval } from '@nestjs/schedule';
import { ReportService } from './report.service';

@Injectable()
export class ReportScheduler {
  constructor(private readonly reports: ReportService) {}

  // Invoked by the scheduler, no caller in the code.
  @Cron('0 * * * *')
  hourly(): void { // @def(hourly, "hourly")
    this.reports.archive('stale'); // @site(hourlyArchive, "archive") @call(hourly, archive, hourlyArchive)
  }

  @Interval(60000)
  exportPending(): void { // @def(exportPending, "exportPending")
    this.reports.exportReport('pending'); // @site(pendingExport, "exportReport") @call(exportPending, exportReport, pendingExport)
  }
}
