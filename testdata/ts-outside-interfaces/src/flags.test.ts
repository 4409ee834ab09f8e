import type { Provider } from "@vercel/flags";
import { createAPIFlagAdapter } from "./flags";

// @module(testFile)

describe("flags", () => {
  let adapter: ReturnType<ReturnType<typeof createAPIFlagAdapter>>;
  let other: Provider;
  const local = { decide: (k: string) => k };

  beforeEach(() => {
    adapter = createAPIFlagAdapter()();
  });

  it("decides", async () => {
    await adapter.decide({ key: "a" }); // @site(d1, "decide")
    const again = await adapter.decide({ key: "b" }); // @site(d2, "decide") @dispatch(testFile, adapterDecide, d1, d2) @dispatch(testFile, quietDecide, d1, d2)
    other.decide();
    local.decide("c");
    return again;
  });
});
