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
}
