import { Process, Processor } from '@nestjs/bull';
import { Job } from 'bull';
import { Jobs, MAIL_QUEUE } from '../queues';

@Processor(MAIL_QUEUE)
export class MailProcessor {
  @Process(Jobs.Welcome)
  sendWelcome(job: Job): void { // @def(sendWelcome, "sendWelcome")
    console.log(job.id);
  }

  @Process({ name: Jobs.Digest, concurrency: 2 })
  sendDigest(job: Job): void { // @def(sendDigest, "sendDigest")
    console.log(job.id);
  }

  @Process()
  sendDefault(job: Job): void { // @def(sendDefault, "sendDefault")
    console.log(job.id);
  }
}
