export class ListProducts {
  execute(): string[] { // @def(productsExecute, "execute")
    return [];
  }
}

export class ListUnits {
  execute(id?: string): string[] { // @def(unitsExecute, "execute")
    return id ? [id] : [];
  }
}
