export function helper() { // @def(helper, "helper")
  return 1;
}
