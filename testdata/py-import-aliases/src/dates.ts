export function format(d: Date): string { // @def(libFormat, "format")
  return d.toISOString();
}
