import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EvidenceService } from '../evidence/evidence.service';

interface FeesReportCreatedEvent {
  reportId: string;
}

@Controller()
export class FeesReportConsumerController {
  constructor(private readonly evidenceService: EvidenceService) {}

  @EventPattern('fees-report.created')
  async handle(@Payload() event: FeesReportCreatedEvent): Promise<void> { // @def(handle, "handle")
    await this.evidenceService.moveFilesToPermanentStorage(event.reportId); // @site(handleMove, "moveFilesToPermanentStorage") @call(handle, move, handleMove)
  }
}
