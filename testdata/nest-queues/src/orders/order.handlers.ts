import { CommandHandler, EventBus, EventsHandler, ICommandHandler, IEventHandler } from '@nestjs/cqrs';
import { OnEvent } from '@nestjs/event-emitter';
import { Lifecycle, OrderEvents, OrderPlacedEvent, PlaceOrderCommand } from './order.events';

@EventsHandler(OrderPlacedEvent)
export class OrderPlacedHandler implements IEventHandler<OrderPlacedEvent> {
  handle(event: OrderPlacedEvent): void { // @def(placedHandle, "handle")
    console.log(event.id);
  }
}

@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  constructor(private readonly eventBus: EventBus) {}

  async execute(command: PlaceOrderCommand): Promise<void> { // @def(placeExecute, "execute")
    this.eventBus.publish(new OrderPlacedEvent(command.id)); // @site(placedPublish, "publish") @event(placeExecute, placedHandle, "OrderPlacedEvent (src/orders/order.events.ts)", placedPublish)
  }
}

export class OrderListener {
  @OnEvent('orders.paid')
  onPaid(): void { // @def(onPaid, "onPaid")
    console.log('paid');
  }

  @OnEvent(OrderEvents.Refunded)
  onRefunded(): void { // @def(onRefunded, "onRefunded")
    console.log('refunded');
  }

  @OnEvent(Lifecycle.Opened)
  onOpened(): void { // @def(onOpened, "onOpened")
    console.log('opened');
  }
}
