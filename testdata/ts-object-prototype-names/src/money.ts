export class Money {
  constructor(private cents: number) {}
  toString(): string { // @def(moneyToString, "toString")
    return `${this.cents / 100}`;
  }
}
