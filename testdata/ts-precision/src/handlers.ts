// A project function whose name props and locals also take: calling the prop
// or the local is never a call of it.
export function onChange(value: string): string { // @def(onChange, "onChange") @nocallers(onChange)
  return value;
}
