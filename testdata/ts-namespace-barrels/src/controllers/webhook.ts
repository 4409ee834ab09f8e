export const testWebhookEndpoint = async (id: string): Promise<void> => {}; // @def(testEndpoint, "testWebhookEndpoint")

export function listWebhooks(org: string): string[] { // @def(listWebhooks, "listWebhooks")
  return [org];
}
