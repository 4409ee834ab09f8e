import Box, { boxed } from "components/Box";
import { helper } from "./helper";
import { widget } from "./widgets";

// "paths" maps "components/Box" to src/src/components/Box, which does not
// exist: tsserver resolves nothing, a bundler reading baseUrl finds
// src/components/Box. Listed, flagged possible; the relative imports of a
// file and of another folder's index resolve, and leave that so.
export function page() { // @def(page, "page")
  return Box({ children: boxed(helper() + widget()) }); // @site(boxCall, "Box") @site(boxedCall, "boxed") @site(helperCall, "helper") @site(widgetCall, "widget") @unmapped(page, Box, boxCall) @unmapped(page, boxed, boxedCall) @call(page, helper, helperCall) @call(page, widget, widgetCall)
}
