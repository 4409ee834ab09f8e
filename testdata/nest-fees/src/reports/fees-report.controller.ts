import { Controller, Inject, Post, Body } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';

@Controller('fees-reports')
export class FeesReportController {
  constructor(@Inject('REPORTS_BUS') private readonly client: ClientProxy) {}

  @Post()
  async createReport(@Body() body: { reportId: string }) { // @def(createReport, "createReport")
    this.client.emit('fees-report.created', { reportId: body.reportId }); // @site(createEmit, "emit") @event(createReport, handle, "fees-report.created", createEmit)
    return { ok: true };
  }
}
