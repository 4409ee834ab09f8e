// A namespace's function used as a value: tsserver lists the property
// access as an incoming call.
export function money(n: number): string { // @def(money, "money")
  return String(n);
}
