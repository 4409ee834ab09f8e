import { ModuleRef, NestFactory } from '@nestjs/core';

export class Mailer {
  send(): void {} // @def(send, "send")
}

export class AppModule {}

export class Jobs {
  constructor(private readonly moduleRef: ModuleRef) {}

  run(): void { // @def(run, "run")
    this.moduleRef.get(Mailer).send(); // @site(runGet, "send") @call(run, send, runGet)
  }

  async later(): Promise<void> { // @def(later, "later")
    const mailer = await this.moduleRef.resolve(Mailer);
    mailer.send(); // @site(laterSend, "send") @call(later, send, laterSend)
  }
}

export async function bootstrap() { // @def(bootstrap, "bootstrap")
  const app = await NestFactory.create(AppModule);
  app.get(Mailer).send(); // @site(bootSend, "send") @call(bootstrap, send, bootSend)
}
