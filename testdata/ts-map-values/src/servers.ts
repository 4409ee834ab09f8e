export class Server {
  status(): string { // @def(serverStatus, "status")
    return 'up';
  }
}

export class Backup {
  status(): string { // @def(backupStatus, "status")
    return 'idle';
  }
}

export interface Entry {
  server: Server;
}

export class Cache {
  get(key: string): Backup {
    return new Backup();
  }
}
