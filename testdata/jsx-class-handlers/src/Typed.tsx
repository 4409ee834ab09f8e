interface RowProps {
  onPick: (id: number) => void; // @def(onPick, "onPick")
}

// A typed props parameter: the call is the interface member's, as tsserver says.
export function TypedRow(props: RowProps) { // @def(TypedRow, "TypedRow")
  props.onPick(1); // @site(pick, "onPick") @call(TypedRow, onPick, pick)
  return null;
}
