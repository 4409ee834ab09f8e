export function widget() { // @def(widget, "widget")
  return 2;
}
