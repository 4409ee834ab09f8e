export async function load({ token }, context) { // @def(getLoad, "load")
  return context.fetch(token);
}
