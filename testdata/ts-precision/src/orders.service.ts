export class OrdersService {
  private items: string[] = [];

  findAll(): string[] { // @def(serviceFindAll, "findAll")
    return this.items;
  }

  get(key: string): string | undefined { // @def(serviceGet, "get") @nocallers(serviceGet)
    return this.items.find((x) => x === key);
  }
}
