export function cleanup(): void { // @def(cleanup, "cleanup")
}

export function count(): number { // @def(count, "count")
  return 1;
}
