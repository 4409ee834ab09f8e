// React's lazy, as @types/react declares it in substance (no node_modules here).
export function lazy<T>(load: () => Promise<{ default: T }>): T {
  void load;
  return undefined as unknown as T;
}
