import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';

@Controller()
export class ReportConsumer {
  @EventPattern('report.exported.remote')
  handleRemoteExport(@Payload() data: { id: string }): void { // @def(handleRemoteExport, "handleRemoteExport")
    void data;
  }

  // A message pattern no client sends.
  @MessagePattern({ cmd: 'count-reports' })
  countReports(): number { // @def(countReports, "countReports")
    return 0;
  }
}
