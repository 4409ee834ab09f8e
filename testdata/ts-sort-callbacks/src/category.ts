export class Category {
  constructor(private readonly order: number, readonly name: string) {}

  public get sortOrder(): number { // @def(sortOrder, "sortOrder")
    return this.order;
  }

  rank(): number { // @def(rank, "rank")
    return this.order;
  }
}

export class Shelf {
  // A class of the workspace that declares its own sort: its callback's
  // parameters are not elements of an array.
  sort(compare: (a: number, b: number) => number): void {
    void compare;
  }
}
