export class Gear {
  raw(): Record<string, number> { // @def(gearRaw, "raw")
    return {};
  }
}

export class Outfit {
  raw(): string { // @def(outfitRaw, "raw")
    return '';
  }
}
