import { Provider, Sender } from './providers';

export class Dispatcher {
  private providers: Provider[] = [];

  all(): void { // @def(all, "all")
    this.providers.forEach((p) => p.notify()); // @site(c1, "notify") @call(all, providerNotify, c1) @dispatch(all, emailNotify, c1) @dispatch(all, smsNotify, c1)
  }
}

export function mapped(senders: Sender[]): void { // @def(mapped, "mapped")
  senders.map(s => s.notify()); // @site(c2, "notify") @call(mapped, senderNotify, c2)
}

export class Pool {
  drain(): void {} // @def(poolDrain, "drain")

  filter(keep: (item: string) => boolean): string[] {
    return [].filter(keep);
  }
}

export function custom(pool: Pool): void { // @def(custom, "custom")
  pool.filter((item) => { item.drain(); return true; }); // @site(c3, "drain") @namecall(custom, poolDrain, c3)
}

export function chained(senders: Sender[]): void { // @def(chained, "chained")
  senders.filter((s) => s !== null).slice(1).forEach((s) => s.notify()); // @site(c4, "notify") @call(chained, senderNotify, c4)
}
