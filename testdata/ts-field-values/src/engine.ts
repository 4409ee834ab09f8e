import { catalogManager } from "./catalog";
import { Inventory } from "./inventory";

const shared = new Inventory();

// A field initialised with a value declared elsewhere (an imported
// module's instance, a module constant) has that value's type, as tsserver
// infers it: this.catalog.listPublicProducts(...) is CatalogManager's.
export class EcommerceEngine {
  public catalog = catalogManager;
  private stock = shared;

  publicProducts(tenantId: string): string[] { // @def(publicProducts, "publicProducts")
    return this.catalog.listPublicProducts(tenantId); // @site(engineList, "listPublicProducts") @call(publicProducts, listPublic, engineList)
  }

  inStock(tenantId: string): string[] { // @def(inStock, "inStock")
    return this.stock.listPublicProducts(tenantId); // @site(stockList, "listPublicProducts") @call(inStock, inventoryList, stockList)
  }
}
