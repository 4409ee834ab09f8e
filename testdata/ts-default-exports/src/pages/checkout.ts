import price from '../lib/price';

export function checkout(): number { // @def(checkout, "checkout")
  return price(3); // @site(c1, "price") @call(checkout, compute, c1)
}
