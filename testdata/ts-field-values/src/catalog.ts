export class CatalogManager {
  listPublicProducts(tenantId: string): string[] { // @def(listPublic, "listPublicProducts")
    return [tenantId];
  }
}

export const catalogManager = new CatalogManager();
