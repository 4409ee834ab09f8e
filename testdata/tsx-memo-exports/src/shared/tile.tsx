// A default export, imported by labels.ts under its own name and passed on
// as Block.
export default function Tile(props: { n: number }) { // @def(tile, "Tile")
  return props.n;
}
