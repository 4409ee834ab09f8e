import { cachedLevels, loadLevels } from "./levels";

export async function commitAll(keys: string[]): Promise<void> { // @def(commitAll, "commitAll")
  const levels = await loadLevels(keys);
  for (const key of keys) {
    const loaded = levels.get(key);
    if (loaded === undefined) {
      throw new Error(`level ${key} not loaded`);
    }
    loaded.level.commitSale(2); // @site(loopCommit, "commitSale") @call(commitAll, commitSale, loopCommit, cachedCommit)
  }
  cachedLevels().get(keys[0])?.level.commitSale(3); // @site(cachedCommit, "commitSale")
}
