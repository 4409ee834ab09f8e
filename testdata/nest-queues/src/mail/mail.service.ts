import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { MAIL_QUEUE, Queues, WELCOME_JOB } from '../queues';

@Injectable()
export class MailService {
  constructor(
    @InjectQueue(MAIL_QUEUE) private readonly mailQueue: Queue,
    @InjectQueue(Queues.Reports) private readonly reportQueue: Queue,
    @InjectQueue(Queues.Other) private readonly otherQueue: Queue,
  ) {}

  async welcome(): Promise<void> { // @def(welcome, "welcome")
    await this.mailQueue.add(WELCOME_JOB, { to: 'a' }); // @site(welcomeAdd, "add") @event(welcome, sendWelcome, "mail/welcome", welcomeAdd)
  }

  async digest(): Promise<void> { // @def(digest, "digest")
    await this.mailQueue.add('digest', { to: 'a' }); // @site(digestAdd, "add") @event(digest, sendDigest, "mail/digest", digestAdd)
  }

  async plain(): Promise<void> { // @def(plain, "plain")
    await this.mailQueue.add({ to: 'a' }); // @site(plainAdd, "add") @event(plain, sendDefault, "mail/__default__", plainAdd)
  }

  async monthly(): Promise<void> { // @def(monthly, "monthly")
    await this.reportQueue.add('monthly', { m: 1 }); // @site(monthlyAdd, "add") @event(monthly, reportProcess, "reports/monthly", monthlyAdd)
  }

  // Same job name, another queue: no processor here serves it.
  async otherWelcome(): Promise<void> { // @def(otherWelcome, "otherWelcome")
    await this.otherQueue.add('welcome', { to: 'b' });
  }
}
