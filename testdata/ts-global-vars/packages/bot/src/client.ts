export class BotClient {
  fetchUser(id: string): string { // @def(botFetch, "fetchUser") @nocallers(botFetch)
    return id;
  }
}

declare global {
  var globalClient: BotClient;
}
