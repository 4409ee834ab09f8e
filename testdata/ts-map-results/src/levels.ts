export class StockLevel {
  commitSale(quantity: number): void { // @def(commitSale, "commitSale")
    void quantity;
  }
}

// Declared here and not imported by the callers: a Map's value type is
// named where the function that returns the Map is declared.
export interface LoadedLevel {
  level: StockLevel;
  expectedVersion: number | null;
}

export async function loadLevels(keys: string[]): Promise<Map<string, LoadedLevel>> {
  const levels = new Map<string, LoadedLevel>();
  for (const key of keys) {
    levels.set(key, { level: new StockLevel(), expectedVersion: null });
  }
  return levels;
}

export function cachedLevels(): Map<string, LoadedLevel> {
  return new Map<string, LoadedLevel>();
}

export function commitHere(key: string): void { // @def(commitHere, "commitHere")
  cachedLevels().get(key)!.level.commitSale(1); // @site(hereCommit, "commitSale") @call(commitHere, commitSale, hereCommit)
}
