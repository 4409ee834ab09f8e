// globalClient is declared in a declare global block of this package's
// client.ts: every file of the program sees it, typed as declared there.
export async function blacklist(id: string): Promise<string> { // @def(blacklist, "blacklist")
  return globalClient.fetchUser(id); // @site(f1, "fetchUser") @call(blacklist, chimpFetch, f1)
}
