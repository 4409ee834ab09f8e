function compute(n: number): number { // @def(compute, "compute")
  return n * 2;
}

export default compute;
