import { Money } from "./money";

// Every value has Object's toString: on a receiver nothing types, the name
// is no evidence for Money's (citybanana-nestjs-api's Buffer and number
// calls, encrypted.toString("hex")). A Money's call is Money's.
export function label(price: Money, encrypted: any, total) { // @def(label, "label")
  const hex = encrypted.toString("hex");
  const sum = total.toString();
  return price.toString() + hex + sum; // @site(priceSite, "toString") @call(label, moneyToString, priceSite)
}
