export default function formatPrice(cents: number): string { // @def(formatPrice, "formatPrice")
  return (cents / 100).toFixed(2);
}
