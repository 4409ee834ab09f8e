import type { AppContainer } from "../modules/container";
import type { SharedConfigService } from "../modules/shared-config.service";

declare module "fastify" {
  interface FastifyInstance {
    container: AppContainer;
    services: {
      sharedConfig: SharedConfigService;
    };
  }
}
