import { describe } from "./describe";

// The component's own formatDay, which the module does not export: no
// other file can import it, so no site of the name elsewhere is its.
function formatDay(value: string) {  // @def(ownFormatDay, "formatDay")
  return new Date(value).toDateString();
}

export function Notice({ at }: { at: string }) {  // @def(notice, "Notice")
  return <p>{describe(at, { format: formatDay })}</p>;  // @site(n1, "formatDay") @possible(notice, ownFormatDay, n1)
}
