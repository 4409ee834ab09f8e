import { Injectable } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';

export class OrderShippedEvent {
  constructor(public readonly id: string) {}
}

// Events keyed by their class's name.
export class ShippingListener {
  @OnEvent(OrderShippedEvent.name)
  onShipped(event: OrderShippedEvent): void { // @def(onShipped, "onShipped")
    console.log(event.id);
  }
}

@Injectable()
export class Shipper {
  constructor(private readonly events: EventEmitter2) {}

  ship(): void { // @def(ship, "ship")
    this.events.emit(OrderShippedEvent.name, new OrderShippedEvent('1')); // @site(shipEmit, "emit") @event(ship, onShipped, "OrderShippedEvent", shipEmit)
  }

  announce(): void { // @def(announce, "announce")
    this.events.emit('OrderShippedEvent', {}); // @site(announceEmit, "emit") @event(announce, onShipped, "OrderShippedEvent", announceEmit)
  }
}
