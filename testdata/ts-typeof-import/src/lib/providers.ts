export function isProviderAvailable(name: string): boolean {  // @def(isAvailable, "isProviderAvailable")
  return name.length > 0;
}

export class Registry {
  isProviderAvailable(name: string): boolean {  // @def(registryIsAvailable, "isProviderAvailable")
    return name === "x";
  }
}
