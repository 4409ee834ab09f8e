// What Prisma's "prisma-client" generator (Prisma 6.6 on, the default in 7)
// writes into the repository, cut down: the client is an interface whose
// model delegates are getters.
import * as Prisma from "./prismaNamespace"

export interface PrismaClientConstructor {
  new (options?: { url?: string }): PrismaClient
}

export interface PrismaClient<ExtArgs = {}> {
  $connect(): Promise<void> // @def(connect, "$connect")
  $transaction<R>(fn: (prisma: Omit<PrismaClient, "$connect" | "$transaction">) => Promise<R>, options?: { maxWait?: number }): Promise<R> // @def(transaction, "$transaction")

  get kyc(): Prisma.KycDelegate<ExtArgs, { omit: {} }>;
}

export function getPrismaClientClass(): PrismaClientConstructor {
  return class {} as unknown as PrismaClientConstructor
}
