import { Backup, Cache, Entry, Server } from './servers';

export class Manager {
  private entries: Map<string, Entry> = new Map();

  report(id: string): string | undefined { // @def(report, "report")
    const entry = this.entries.get(id);
    return entry?.server.status(); // @site(m1, "status") @call(report, serverStatus, m1)
  }
}

export function local(): void { // @def(local, "local")
  const servers = new Map<string, Server>();
  servers.get('a')?.status(); // @site(m2, "status") @call(local, serverStatus, m2)
}

export function readonly(byName: ReadonlyMap<string, Server>, cache: Cache): void { // @def(readonly, "readonly")
  byName.get('a')!.status(); // @site(m3, "status") @call(readonly, serverStatus, m3)
  cache.get('b').status(); // @site(m4, "status") @call(readonly, backupStatus, m4)
}
