export function slugify(s: string): string { // @def(slugify, "slugify")
  return s.toLowerCase();
}
