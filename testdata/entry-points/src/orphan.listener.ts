import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';

// A queue nobody in this workspace adds to (another service does): the
// processor is answered by its role, not by a search for "process".
@Processor('imports')
export class ImportWorker extends WorkerHost {
  async process(job: Job): Promise<void> { // @def(importProcess, "process") @entry(importProcess, "handles queue job 'imports/*'")
    console.log(process.env.IMPORT_DIR, job.id);
  }
}
