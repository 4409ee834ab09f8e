import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Lifecycle, ORDER_PAID, PlaceOrderCommand } from './order.events';

@Injectable()
export class OrderService {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly events: EventEmitter2,
  ) {}

  async place(id: string): Promise<void> { // @def(place, "place")
    await this.commandBus.execute(new PlaceOrderCommand(id)); // @site(placeExec, "execute") @event(place, placeExecute, "PlaceOrderCommand (src/orders/order.events.ts)", placeExec)
  }

  pay(): void { // @def(pay, "pay")
    this.events.emit(ORDER_PAID, {}); // @site(payEmit, "emit") @event(pay, onPaid, "orders.paid", payEmit)
  }

  refund(): void { // @def(refund, "refund")
    this.events.emit('orders.refunded', {}); // @site(refundEmit, "emit") @event(refund, onRefunded, "orders.refunded", refundEmit)
  }

  open(): void { // @def(open, "open")
    this.events.emit(Lifecycle.Opened, {}); // @site(openEmit, "emit") @event(open, onOpened, "Lifecycle.Opened (src/orders/order.events.ts, value not evaluated)", openEmit)
  }

  // Another member of the same enum: not the event onOpened handles.
  close(): void { // @def(close, "close")
    this.events.emit(Lifecycle.Closed, {});
  }
}
