import { chargeCard, Ledger } from '@/billing';

export function aliasedCharges(): number { // @def(aliasedCharges, "aliasedCharges")
  const ledger = new Ledger();
  return ledger.post(chargeCard(2)); // @site(aliasPost, "post") @site(aliasCharge, "chargeCard") @outside(aliasedCharges, post, aliasPost) @outside(aliasedCharges, chargeCard, aliasCharge)
}
