// A builder whose add() declares no result type: every return is `this`,
// so tsserver types add(...) as the builder, and a constant built by a
// chain of them is one (oldschoolbot's musicCapeRequirements).
export class Requirements {
  private names: string[] = [];

  add(name: string) {
    this.names.push(name);
    return this;
  }

  check(): boolean { // @def(reqCheck, "check")
    return this.names.length > 0;
  }
}

export class Checklist {
  check(): boolean { // @def(listCheck, "check")
    return true;
  }
}

export const capeRequirements = new Requirements().add('slayer').add('agility');
