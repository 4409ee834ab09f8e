// jest.Mock's shape, as @types/jest declares the members a test reads.
export type Mock = {
  mock: { calls: unknown[][] };
  mockClear(): void;
  mockResolvedValue(value: unknown): Mock;
  mockReturnValueOnce(value: unknown): Mock;
};

export function fn(): Mock {
  const m = { mock: { calls: [] as unknown[][] } } as unknown as Mock;
  return m;
}
