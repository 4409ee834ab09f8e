import { PrismaService } from './prisma.service';

export class KycRepository {
  constructor(private readonly prisma: PrismaService) {}

  findById(id: string) { // @def(findById, "findById")
    return this.prisma.kyc.findUnique({ where: { id } }); // @site(findKyc, "findUnique") @call(findById, findUnique, findKyc)
  }

  approve(id: string) { // @def(approve, "approve")
    return this.prisma.$transaction(async () => { // @site(approveTx, "$transaction") @call(approve, transaction, approveTx)
      return this.prisma.kyc.update({ where: { id }, data: {} }); // @site(approveUpdate, "update") @call(approve, update, approveUpdate)
    });
  }

  // An interactive transaction: the callback's handle is what the
  // generated $transaction declares it, the client less a few methods.
  reject(id: string) { // @def(reject, "reject")
    return this.prisma.$transaction(async (tx) => { // @site(rejectTx, "$transaction") @call(reject, transaction, rejectTx)
      return tx.kyc.update({ where: { id }, data: {} }); // @site(rejectUpdate, "update") @call(reject, update, rejectUpdate)
    });
  }
}
