export function setReady(value) { // @def(setReady, "setReady")
  return value;
}
