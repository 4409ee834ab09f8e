import { PrismaService } from './prisma.service';

export class ItemsService {
  constructor(private prisma: PrismaService) {}

  findMany() {  // @def(findMany, "findMany")
    return this.prisma.item.findMany({});
  }

  create(data: object) {  // @def(create, "create") @nocallers(create)
    return this.prisma.item.create({ data });
  }

  update(data: object) {  // @def(update, "update")
    return this.prisma.$transaction(async (tx) => {
      await tx.item.update({ where: {}, data });
      return tx.item.findMany({});
    });
  }

  refresh() {  // @def(refresh, "refresh")
    return this.prisma.cache.update({});  // @site(u1, "update") @namecall(refresh, update, u1)
  }
}

export class ItemsController {
  constructor(private items: ItemsService) {}

  list() {  // @def(list, "list")
    return this.items.findMany();  // @site(l1, "findMany") @call(list, findMany, l1)
  }
}
