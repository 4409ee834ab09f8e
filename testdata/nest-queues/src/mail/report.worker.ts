import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { Queues } from '../queues';

// A BullMQ WorkerHost: process() handles every job of its queue.
@Processor(Queues.Reports)
export class ReportWorker extends WorkerHost {
  async process(job: Job): Promise<void> { // @def(reportProcess, "process")
    console.log(job.name);
  }
}
