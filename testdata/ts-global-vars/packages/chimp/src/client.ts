export class ChimpClient {
  fetchUser(id: string): string { // @def(chimpFetch, "fetchUser")
    return id;
  }
}

declare global {
  var globalClient: ChimpClient;
}

globalThis.globalClient = new ChimpClient();
