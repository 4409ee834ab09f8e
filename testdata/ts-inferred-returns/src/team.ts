// A function with no declared result returns the const it built
// (oldschoolbot's handleNexKills: const teamLoot = new TeamLoot(...);
// ...; return teamLoot): tsserver infers a TeamLoot.
export class TeamLoot {
  add(id: string): void { // @def(teamAdd, "add")
    void id;
  }
  totalLoot(): number { // @def(totalLoot, "totalLoot")
    return 1;
  }
}

export class Other {
  totalLoot(): number { // @def(otherTotal, "totalLoot") @nocallers(otherTotal)
    return 2;
  }
}

export function handleKills(ids: string[]) { // @def(handleKills, "handleKills")
  const teamLoot = new TeamLoot();
  for (const id of ids) {
    teamLoot.add(id); // @site(ad1, "add") @call(handleKills, teamAdd, ad1)
  }
  return teamLoot;
}

export function typed() { // @def(typed, "typed")
  const loot: TeamLoot = makeAny(); // @site(mk1, "makeAny") @call(typed, makeAny, mk1)
  return loot;
}

function makeAny(): any { // @def(makeAny, "makeAny")
  return new Other();
}

export function run(): number { // @def(run, "run")
  const loot = handleKills(["a"]); // @site(hk1, "handleKills") @call(run, handleKills, hk1)
  const other = typed(); // @site(ty1, "typed") @call(run, typed, ty1)
  const n = loot.totalLoot(); // @site(tl1, "totalLoot")
  return n + other.totalLoot(); // @site(tl2, "totalLoot") @call(run, totalLoot, tl1, tl2)
}
