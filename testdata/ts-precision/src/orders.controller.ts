import { OrdersService } from './orders.service';

export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  findAll(): string[] { // @def(controllerFindAll, "findAll")
    return this.orders.findAll(); // @site(ordersFindAll, "findAll") @call(controllerFindAll, serviceFindAll, ordersFindAll)
  }
}

export function summarize(repo: any): number { // @def(summarize, "summarize")
  return repo.findAll().length; // @site(repoFindAll, "findAll") @possible(summarize, controllerFindAll, repoFindAll)
}
