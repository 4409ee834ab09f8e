import Box, { boxed } from "components/Box";
import { helper } from "./helper";

// "paths" maps "components/Box" to src/src/components/Box, which does not
// exist: tsserver resolves nothing, a bundler reading baseUrl finds
// src/components/Box. Listed, flagged possible.
export function page() { // @def(page, "page")
  return Box({ children: boxed(helper()) }); // @site(boxCall, "Box") @site(boxedCall, "boxed") @site(helperCall, "helper") @unmapped(page, Box, boxCall) @unmapped(page, boxed, boxedCall) @call(page, helper, helperCall)
}
