// The application's service extends the generated client, imported through
// the tsconfig's baseUrl; the module exports PrismaClient as a const (the
// class) and as a type alias of the interface.
import { PrismaClient } from 'generated/prisma/client';

export class PrismaService extends PrismaClient {
  constructor() {
    super({ url: process.env.DATABASE_URL });
  }

  async onModuleInit(): Promise<void> { // @def(onModuleInit, "onModuleInit")
    await this.$connect(); // @site(initConnect, "$connect") @call(onModuleInit, connect, initConnect)
  }
}
