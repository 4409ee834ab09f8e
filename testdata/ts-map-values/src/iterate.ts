import { Entry, Server } from './servers';

export class Registry {
  private servers: Map<string, Entry> = new Map();

  statuses(): string[] { // @def(statuses, "statuses")
    const out: string[] = [];
    for (const [id, entry] of this.servers.entries()) {
      out.push(id + entry.server.status()); // @site(i1, "status")
    }
    for (const entry of this.servers.values()) {
      out.push(entry.server.status()); // @site(i2, "status")
    }
    this.servers.forEach((entry) => out.push(entry.server.status())); // @site(i3, "status")
    return Array.from(this.servers.values()).filter((entry) => entry.server.status() === 'up').map((e) => e.server); // @site(i4, "status") @call(statuses, serverStatus, i1, i2, i3, i4)
  }
}

export function running(byName: Map<string, Server>): number { // @def(running, "running")
  return Array.from(byName.values()).filter((s) => s.status() === 'up').length; // @site(i5, "status") @call(running, serverStatus, i5)
}
