export abstract class Provider {
  abstract get options(): number; // @def(baseOptions, "options")

  capture(): number { // @def(capture, "capture")
    return this.options; // @site(p1, "options") @access(capture, baseOptions, "reads the getter", p1) @access(capture, cardOptions, "reads the getter, dispatched through Provider.options", p1)
  }
}

export class CardProvider extends Provider {
  get options(): number { // @def(cardOptions, "options")
    return 2;
  }
}

export function setupBase(p: Provider): number { // @def(setupBase, "setupBase")
  return p.options; // @site(p2, "options") @access(setupBase, baseOptions, "reads the getter", p2) @access(setupBase, cardOptions, "reads the getter, dispatched through Provider.options", p2)
}

export function setupCard(c: CardProvider): number { // @def(setupCard, "setupCard")
  return c.options; // @site(p3, "options") @access(setupCard, cardOptions, "reads the getter", p3) @access(setupCard, baseOptions, "reads the getter, dispatched through CardProvider.options", p3)
}
