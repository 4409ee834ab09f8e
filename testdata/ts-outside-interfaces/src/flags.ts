import type { Adapter } from "@vercel/flags";

export function createAPIFlagAdapter() {
  return function apiFlagAdapter<V, E>(): Adapter<V, E> {
    return {
      async decide({ key }: { key: string }): Promise<V> { // @def(adapterDecide, "decide")
        return key as V;
      },
    };
  };
}

export const quiet: Adapter<boolean, unknown> = {
  decide() { // @def(quietDecide, "decide")
    return false;
  },
};
