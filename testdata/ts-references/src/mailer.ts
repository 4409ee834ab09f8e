// @module(mailerFile)
// A method of a typed local or parameter handed to a test's expect(...) or
// vi.mocked(...) is looked at without being run, and tsserver lists each as
// an incoming call (dcodesmith/hyre-worker-nestjs's specs). A field handed
// the same way (mailer.from) is data and links nothing.
export class Mailer {
  from = "noreply@example.com";

  send(to: string): boolean { // @def(send, "send") @callers(send, mailerFile, checkSent, deliver)
    return to !== "";
  }
}

declare function expect(x: unknown): { toHaveBeenCalled(): void };
declare const vi: { mocked<T>(x: T): T };
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => void): void;

describe("mailer", () => {
  let mailer: Mailer;
  it("sends", () => {
    mailer = new Mailer();
    vi.mocked(mailer.send); // @site(mockedSend, "send")
    expect(mailer.send).toHaveBeenCalled(); // @site(expectSend, "send") @ref(mailerFile, send, mockedSend, expectSend)
    expect(mailer.from).toHaveBeenCalled();
  });
});

export function checkSent(m: Mailer): void { // @def(checkSent, "checkSent")
  expect(m.send).toHaveBeenCalled(); // @site(checkSend, "send") @ref(checkSent, send, checkSend)
}

// Passed unbound anywhere else, a typed value's method is not recorded
// (tsserver lists it): such arguments are nearly all data (req.params), and
// a store row for each would cost more than the rare method.
export function unbound(m: Mailer): string[] { // @def(unbound, "unbound")
  return ["a"].filter(m.send);
}

export function deliver(m: Mailer): boolean { // @def(deliver, "deliver")
  return m.send("x"); // @site(deliverSend, "send") @call(deliver, send, deliverSend)
}
