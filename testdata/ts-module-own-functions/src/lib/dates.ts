export function formatDay(date: Date): string {  // @def(libFormatDay, "formatDay")
  return date.toISOString().slice(0, 10);
}
