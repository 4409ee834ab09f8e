import { locationQRService } from './qr';
import { Client } from './client';

export async function makeQR(loc: string): Promise<string> { // @def(makeQR, "makeQR")
  return locationQRService.generateQRForLocation(loc); // @site(g1, "generateQRForLocation") @call(makeQR, generate, g1)
  // @callers(generate, bulk, makeQR)
}

export function fetchTwice(client: Client): number { // @def(fetchTwice, "fetchTwice")
  const api = client;
  const first = api.fetch(); // @site(f1, "fetch")
  return first + client.fetch(); // @site(f2, "fetch") @call(fetchTwice, clientFetch, f1, f2)
}
