import { Injectable } from '@nestjs/common';
import { EventsService, Notifier } from '../events/events.service';
import { JobRepository } from '../mail/job.repository';
import { Jobs } from '../queues';
import { OrderEvents } from './order.events';

@Injectable()
export class OrderFlow {
  constructor(
    private readonly notifier: Notifier,
    private readonly eventsService: EventsService,
    private readonly jobs: JobRepository,
  ) {}

  settle(): void { // @def(settle, "settle")
    this.notifier.notify({ name: 'orders.paid', data: 1 }); // @site(settleNotify, "notify") @event(settle, onPaid, "orders.paid", settleNotify)
  }

  reverse(): void { // @def(reverse, "reverse")
    this.eventsService.publish(OrderEvents.Refunded, {}); // @site(reversePublish, "publish") @event(reverse, onRefunded, "orders.refunded", reversePublish)
  }

  summarize(): void { // @def(summarize, "summarize")
    void this.jobs.enqueue({ name: Jobs.Digest, data: {} }); // @site(summarizeEnqueue, "enqueue") @event(summarize, sendDigest, "mail/digest", summarizeEnqueue)
  }
}
