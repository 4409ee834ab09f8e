import { boxed } from "../components/Box";

// The folder's index, imported relatively: tsserver resolves it.
export function relative() { // @def(relative, "relative")
  return boxed(3); // @site(relativeBoxed, "boxed") @call(relative, boxed, relativeBoxed)
}
