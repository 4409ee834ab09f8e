import { Category, Shelf } from "./category";

// A comparator's two parameters are elements of the array sorted, as
// tsserver types them: xs.sort((a, b) => ...), on a spread copy
// ([...xs].toSorted(...)) and on a map's values spread ([...m.values()]).
export function ordered(cats: Category[]): Category[] { // @def(ordered, "ordered")
  return cats.sort(
    (a, b) =>
      a.sortOrder - // @site(sortA, "sortOrder")
      b.sortOrder, // @site(sortB, "sortOrder") @access(ordered, sortOrder, "reads the getter", sortA, sortB)
  );
}

export function copied(cats: Category[]): Category[] { // @def(copied, "copied")
  return [...cats].toSorted(
    (x, y) =>
      x.rank() - // @site(rankX, "rank")
      y.rank(), // @site(rankY, "rank") @call(copied, rank, rankX, rankY)
  );
}

export function fromMap(byId: Map<string, Category>): number[] { // @def(fromMap, "fromMap")
  return [...byId.values()].map((c) => c.rank()); // @site(mapRank, "rank") @call(fromMap, rank, mapRank)
}

export function shelved(shelf: Shelf): void {
  shelf.sort((a, b) => a - b);
}
