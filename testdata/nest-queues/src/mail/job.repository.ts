import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { MAIL_QUEUE } from '../queues';

@Injectable()
export class JobRepository {
  constructor(@InjectQueue(MAIL_QUEUE) private readonly queue: Queue) {}

  enqueue(job: { name: string; data: unknown }): Promise<unknown> {
    return this.queue.add(job.name, job.data);
  }
}
