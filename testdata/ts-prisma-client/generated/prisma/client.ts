import * as $Class from "./internal/class"
import * as Prisma from "./internal/prismaNamespace"

export const PrismaClient = $Class.getPrismaClientClass()
export type PrismaClient<ExtArgs = {}> = $Class.PrismaClient<ExtArgs>
export { Prisma }
