export class Inventory {
  listPublicProducts(tenantId: string): string[] { // @def(inventoryList, "listPublicProducts")
    return [tenantId];
  }
}
