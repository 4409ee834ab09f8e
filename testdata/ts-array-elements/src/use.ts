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
