export function formatDate(d: Date): string { // @def(formatDate, "formatDate")
  return d.toISOString();
}
