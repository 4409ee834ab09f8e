export async function load({ token, consent }, context) { // @def(setLoad, "load")
  return context.fetch(token, consent);
}
