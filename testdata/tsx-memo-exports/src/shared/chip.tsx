// Declared here under its own name, imported by labels.ts and passed on
// there under other names only.
export function Chip(props: { text: string }) { // @def(chip, "Chip")
  return props.text;
}
