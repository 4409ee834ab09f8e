export class SimplePO {
  async getAnomalyMap(): Promise<number> { // @def(getAnomalyMap, "getAnomalyMap")
    return 1;
  }
}

export class MultiPO {
  get simple(): SimplePO {
    return new SimplePO();
  }
}
