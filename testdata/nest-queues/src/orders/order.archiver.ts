import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { SharedEvents } from '../shared';

@Injectable()
export class OrderArchiver {
  constructor(private readonly events: EventEmitter2) {}

  archive(): void { // @def(archive, "archive")
    this.events.emit('orders.archived', {}); // @site(archiveEmit, "emit") @event(archive, onArchived, "orders.archived", archiveEmit)
  }

  reopen(): void { // @def(reopen, "reopen")
    this.events.emit('orders.reopened', {}); // @site(reopenEmit, "emit") @event(reopen, onReopened, "orders.reopened", reopenEmit)
  }

  archiveAgain(): void { // @def(archiveAgain, "archiveAgain")
    this.events.emit(SharedEvents.Archived, {}); // @site(againEmit, "emit") @event(archiveAgain, onArchived, "orders.archived", againEmit)
  }
}
