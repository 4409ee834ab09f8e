// @module(readyTest)
function describe(name, fn) { fn(); }
function beforeEach(fn) { fn(); }
function it(name, fn) { fn(); }

describe("ready", () => {
  let setReady;

  beforeEach(async () => {
    const readyModule = await import("../src/ready.js");
    setReady =
      readyModule.setReady; // @site(readRef, "setReady") @ref(readyTest, setReady, readRef)
  });

  it("sets", () => {
    setReady(true); // @site(letCall, "setReady") @namecall(readyTest, setReady, letCall)
  });
});
