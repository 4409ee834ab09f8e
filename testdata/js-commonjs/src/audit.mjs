export function record(event) { // @def(record, "record")
  return event;
}
