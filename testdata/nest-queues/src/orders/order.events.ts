export class OrderPlacedEvent {
  constructor(public readonly id: string) {}
}

export class PlaceOrderCommand {
  constructor(public readonly id: string) {}
}

export const PREFIX = 'orders';
export const ORDER_PAID = `${PREFIX}.paid`;

export class OrderEvents {
  static get Refunded(): string {
    return 'orders.refunded';
  }
}

// Members with no string value: keys only by what they are.
export enum Lifecycle {
  Opened,
  Closed,
}
