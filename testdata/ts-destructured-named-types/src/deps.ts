import type { IntentHandler, Ledger } from "./ports.js";

export interface AdapterDeps {
  readonly intents: IntentHandler;
  readonly ledger: Ledger;
  readonly label: string;
}

export type LedgerOptions = {
  ledger: Ledger;
  prefix: string;
};
