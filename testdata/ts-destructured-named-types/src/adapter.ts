import type { AdapterDeps, LedgerOptions } from "./deps.js";
import type { IntentHandler } from "./ports.js";

interface LocalDeps {
  readonly sink: IntentHandler;
}

type Wiring = {
  readonly intents: IntentHandler;
};

// An imported interface: intents is an IntentHandler, ledger a Ledger.
export function createAdapter({ intents, ledger, label }: AdapterDeps): () => void { // @def(createAdapter, "createAdapter")
  ledger.record(label); // @site(r1, "record") @call(createAdapter, ledgerRecord, r1)
  function reset(): void { // @def(reset, "reset")
    intents.handle("reset"); // @site(h1, "handle") @call(reset, intentHandle, h1)
  }
  return reset;
}

// An imported object type alias, and a name bound under another name.
export const writeWith = ({ ledger: book, prefix }: LedgerOptions): void => { // @def(writeWith, "writeWith")
  book.record(prefix); // @site(r2, "record") @call(writeWith, ledgerRecord, r2)
};

// An interface and an alias of this file.
export function wireLocal({ sink }: LocalDeps, { intents }: Wiring): void { // @def(wireLocal, "wireLocal")
  sink.handle("local"); // @site(h2, "handle")
  intents.handle("wired"); // @site(h3, "handle") @call(wireLocal, intentHandle, h2, h3)
}

// Destructured in the body from a parameter of the interface's type.
export function fromValue(deps: AdapterDeps): void { // @def(fromValue, "fromValue")
  const { intents, ledger } = deps;
  intents.handle("value"); // @site(h4, "handle") @call(fromValue, intentHandle, h4)
  ledger.record("value"); // @site(r3, "record") @call(fromValue, ledgerRecord, r3)
}
