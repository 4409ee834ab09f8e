// A value that is either side of ?? or || has that side's type: the
// call on it reaches every Breaker's method.
import { Breaker, getBreaker } from "./breaker.js";

export type CallOptions = {
  service: string;
  breaker?: Breaker;
};

export async function callWith<T>(opts: CallOptions, fn: () => Promise<T>): Promise<T> { // @def(callWith, "callWith")
  const breaker = opts.breaker ?? getBreaker(opts.service);
  if (breaker.isOpen()) { // @site(cwOpen, "isOpen") @dispatch(callWith, quietIsOpen, cwOpen) @dispatch(callWith, classIsOpen, cwOpen)
    throw new Error("open");
  }
  try {
    const result = await fn();
    breaker.onSuccess(); // @site(cwSuccess, "onSuccess") @dispatch(callWith, litSuccess, cwSuccess) @call(callWith, aliasSuccess, cwSuccess)
    return result;
  } catch (err) {
    breaker.onFailure(); // @site(cwFailure, "onFailure") @dispatch(callWith, litFailure, cwFailure) @dispatch(callWith, quietFailure, cwFailure) @dispatch(callWith, classFailure, cwFailure)
    throw err;
  }
}

export function fail(opts: CallOptions): void { // @def(fail, "fail")
  const breaker = opts.breaker || getBreaker("default");
  breaker.onFailure(); // @site(failFailure, "onFailure") @dispatch(fail, litFailure, failFailure) @dispatch(fail, quietFailure, failFailure) @dispatch(fail, classFailure, failFailure)
}
