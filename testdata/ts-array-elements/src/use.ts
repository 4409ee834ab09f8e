import { Email, Provider, Registry, Sms } from './providers';

export class Notifier {
  private queue: Provider[] = [];

  flush(): void { // @def(flush, "flush")
    this.queue.at(0)!.notify(); // @site(q1, "notify") @call(flush, providerNotify, q1) @dispatch(flush, emailNotify, q1) @dispatch(flush, smsNotify, q1)
  }
}

export function pick(registry: Registry): void { // @def(pick, "pick")
  const providers: Provider[] = [new Email(), new Sms()];
  const chosen = providers.find((p) => p.ready());
  chosen?.notify(); // @site(p1, "notify") @call(pick, providerNotify, p1) @dispatch(pick, emailNotify, p1) @dispatch(pick, smsNotify, p1)
  registry.find('x').notify(); // @site(r1, "notify") @call(pick, senderNotify, r1)
}

export function each(registry: Registry, providers: Provider[], names: Record<string, Sender>): void { // @def(each, "each")
  for (const p of providers) {
    p.notify(); // @site(e1, "notify") @call(each, providerNotify, e1) @dispatch(each, emailNotify, e1) @dispatch(each, smsNotify, e1)
  }
  for (const name in names) {
    name.notify(); // a key (a string): no caller of any notify
  }
}
