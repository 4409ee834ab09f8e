// Reads of a field named like the resolver: data, never the resolver.
export function pick(work) { // @def(pick, "pick")
  const all = work?.manifestations?.all;
  const first = work.manifestations[0];
  const bound = work.manifestations.bind(work); // @site(bindSite, "manifestations") @possible(pick, manifestations, bindSite)
  return [all, first, bound];
}
