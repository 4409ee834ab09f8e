// @module(serviceModule)
export async function testWebhookEndpoint(endpointId: string): Promise<number> { // @def(serviceTest, "testWebhookEndpoint")
  return endpointId.length;
}

function listEndpoints(org: string): string[] { // @def(listEndpoints, "listEndpoints")
  return [org];
}

export const webhookService = {
  testWebhookEndpoint,
  list: listEndpoints, // @site(listRef, "listEndpoints") @ref(serviceModule, listEndpoints, listRef)
};
