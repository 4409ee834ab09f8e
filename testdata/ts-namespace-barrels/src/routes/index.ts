import * as webhookController from '../controllers';

declare const router: { post(path: string, ...handlers: unknown[]): void };

export function mount(): void { // @def(mount, "mount")
  router.post( // @site(postTest, "post") @registered(mount, testEndpoint, "router.post(/endpoints/:id/test)", postTest, passTest)
    '/endpoints/:id/test',
    webhookController.testWebhookEndpoint // @site(passTest, "testWebhookEndpoint")
  );
}

export function summary(org: string): number { // @def(summary, "summary")
  return webhookController.listWebhooks(org).length; // @site(callList, "listWebhooks") @call(summary, listWebhooks, callList)
}
