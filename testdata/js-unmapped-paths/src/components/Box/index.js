export default function Box(props) { // @def(Box, "Box")
  return props.children;
}

export function boxed(x) { // @def(boxed, "boxed")
  return [x];
}
