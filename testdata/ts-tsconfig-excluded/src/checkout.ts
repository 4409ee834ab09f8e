import { chargeCard, Ledger } from '@/billing';

// In the project: the alias resolves, as tsserver resolves it.
export function checkout(total: number): number { // @def(checkout, "checkout")
  const ledger = new Ledger();
  return ledger.post(chargeCard(total)); // @site(checkoutPost, "post") @site(checkoutCharge, "chargeCard") @call(checkout, post, checkoutPost) @call(checkout, chargeCard, checkoutCharge)
}
