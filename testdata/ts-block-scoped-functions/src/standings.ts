// A function declared in a block that is no named function's body (an
// anonymous callback's, an IIFE's, an if's) holds in that block only: a call
// of its name outside the block calls another function of that name.
export function standings(rows: string[], tab: string): string[] { // @def(standings, "standings")
  function clubName(id: string): string { // @def(outerName, "clubName")
    return id.toUpperCase();
  }
  const out = rows.map((r) => clubName(r)); // @site(outer1, "clubName")
  if (tab === "cup") {
    out.push((() => {
      const clubName = (id: string) => id + "?"; // @def(innerName, "clubName")
      return clubName("cup"); // @site(inner1, "clubName") @call(standings, innerName, inner1)
    })());
  }
  out.push(clubName("total")); // @site(outer2, "clubName") @call(standings, outerName, outer1, outer2)
  return out;
}

declare function useEffect(fn: () => void, deps: unknown[]): void;

export function Page(id: string): void { // @def(page, "Page")
  useEffect(() => {
    const load = async () => id.length; // @def(load1, "load")
    void load(); // @site(callLoad1, "load") @call(page, load1, callLoad1)
  }, [id]);
  useEffect(() => {
    async function load(): Promise<number> { // @def(load2, "load")
      return id.length * 2;
    }
    void load(); // @site(callLoad2, "load") @call(page, load2, callLoad2)
  }, [id]);
}

export function pick(flag: boolean): number { // @def(pick, "pick")
  if (flag) {
    const score = (): number => 1; // @def(blockScore, "score")
    return score(); // @site(inBlock, "score") @call(pick, blockScore, inBlock)
  }
  return score(); // @site(outside, "score") @call(pick, topScore, outside)
}

export function score(): number { // @def(topScore, "score")
  return 0;
}
