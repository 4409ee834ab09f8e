export class Episodic {
  toDict(): object { // @def(episodicToDict, "toDict")
    return { kind: "episodic" };
  }

  touch(): void {} // @def(episodicTouch, "touch")
}

export class Semantic {
  toDict(): object { // @def(semanticToDict, "toDict")
    return { kind: "semantic" };
  }
}

export class Profile {
  toDict(): object { // @def(profileToDict, "toDict") @nocallers(profileToDict)
    return { kind: "profile" };
  }
}

export interface Store {
  load(id: string): Episodic | Semantic | undefined; // @def(storeLoad, "load")
}

export type Memory = Episodic | Semantic;
