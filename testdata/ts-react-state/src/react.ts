// React's useState, as @types/react declares it (no node_modules here).
export function useState<S>(initial: S | (() => S)): [S, (next: S) => void] {
  const value = typeof initial === "function" ? (initial as () => S)() : initial;
  return [value, () => undefined];
}
