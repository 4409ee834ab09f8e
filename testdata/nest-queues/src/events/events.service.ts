import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';

// The application's own publishing helpers: they pass their argument on
// to the framework, so their callers are the publishers.
@Injectable()
export class EventsService {
  constructor(private readonly emitter: EventEmitter2) {}

  publish(event: string, payload: unknown): void {
    this.emitter.emit(event, payload);
  }
}

@Injectable()
export class Notifier {
  constructor(private readonly bus: EventsService) {}

  notify(message: { name: string; data: unknown }): void {
    this.bus.publish(message.name, message.data);
  }
}
