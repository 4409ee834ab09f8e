import { webhookService } from '../services/webhookService';

export const testWebhookEndpoint = async (id: string): Promise<void> => { // @def(controllerTest, "testWebhookEndpoint") @nocallers(controllerTest)
  await webhookService.testWebhookEndpoint(id); // @site(s1, "testWebhookEndpoint") @call(controllerTest, serviceTest, s1)
  webhookService.list(id); // @site(s2, "list") @call(controllerTest, listEndpoints, s2)
};
