import { PrismaClient } from '@prisma/client';

export class PrismaService extends PrismaClient {
  // declared without a type read: the class's own member, not the client's
  cache = makeCache();
}

declare function makeCache(): any;
