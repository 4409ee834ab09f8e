export interface Adapter {
  healthCheck(): Promise<boolean>; // @def(healthCheck, "healthCheck")
}

export function createHttpAdapter(): Adapter { // @def(createHttpAdapter, "createHttpAdapter")
  return {
    async healthCheck() {
      return true;
    },
  };
}
