import { chargeCard } from '@/billing';

// "**/*.spec.ts" is excluded: an inferred project has no "@/*", so the
// import resolves to nothing for tsserver; a test runner that reads the
// config's paths runs it all the same. Listed, flagged possible.
export function specChargesACard(): number { // @def(specChargesACard, "specChargesACard")
  return chargeCard(1); // @site(specCharge, "chargeCard") @outside(specChargesACard, chargeCard, specCharge)
}
