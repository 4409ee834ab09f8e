import { resolveUpdatedAt } from '~/types/Fund/updatedAt';

export async function showFund(fund: { updatedAt: Date }) { // @def(showFund, "showFund")
  return resolveUpdatedAt(fund); // @site(fundSite, "resolveUpdatedAt") @call(showFund, fundUpdatedAt, fundSite)
}
