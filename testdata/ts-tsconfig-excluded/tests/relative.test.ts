import { chargeCard } from '../src/billing';
import { checkout } from '@/checkout';

// A relative import resolves in an inferred project too: precise.
export function relativeCharges(): number { // @def(relativeCharges, "relativeCharges")
  return chargeCard(3) + local(); // @site(relativeCharge, "chargeCard") @site(localCall, "local") @call(relativeCharges, chargeCard, relativeCharge) @call(relativeCharges, local, localCall)
}

function local(): number { // @def(local, "local")
  return 0;
}

export function aliasedCheckout(): number { // @def(aliasedCheckout, "aliasedCheckout")
  return checkout(4); // @site(checkoutCall, "checkout") @outside(aliasedCheckout, checkout, checkoutCall)
}
