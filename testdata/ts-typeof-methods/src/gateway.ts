// An optional method is looked for before it is called:
// typeof gateway.markAsRead === 'function'. tsserver lists that property
// access as an incoming call (a reference), beside the call after it.
export interface Gateway {
  markAsRead?(phone: string): Promise<void>; // @def(gatewayMark, "markAsRead")
  send(text: string): Promise<void>; // @def(gatewaySend, "send")
}

export class WahaGateway implements Gateway {
  async markAsRead(phone: string): Promise<void> {} // @def(wahaMark, "markAsRead")
  async send(text: string): Promise<void> {} // @def(wahaSend, "send")
}

export function getGateway(): Gateway {
  return new WahaGateway();
}

export async function reply(phone: string): Promise<void> { // @def(reply, "reply")
  const gateway = getGateway();
  if (typeof gateway.markAsRead === "function") { // @site(replyCheck, "markAsRead")
    await gateway.markAsRead(phone); // @site(replyMark, "markAsRead") @call(reply, gatewayMark, replyCheck, replyMark) @dispatch(reply, wahaMark, replyCheck, replyMark)
  }
  const kind = typeof gateway.send; // @site(replyKind, "send") @ref(reply, gatewaySend, replyKind) @dispatch(reply, wahaSend, replyKind)
  console.log(kind);
}

export class Driver {
  constructor(private client: WahaGateway) {}

  async seen(phone: string): Promise<void> { // @def(seen, "seen")
    if (typeof this.client.markAsRead === "function") { // @site(seenCheck, "markAsRead")
      await this.client.markAsRead(phone); // @site(seenMark, "markAsRead") @call(seen, wahaMark, seenCheck, seenMark) @dispatch(seen, gatewayMark, seenCheck, seenMark)
    }
  }
}
