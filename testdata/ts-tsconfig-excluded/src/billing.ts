export function chargeCard(amount: number): number { // @def(chargeCard, "chargeCard")
  return Math.round(amount * 100);
}

export class Ledger {
  post(entry: number): number { // @def(post, "post")
    return entry;
  }
}
