export interface IntentHandler {
  handle(intent: string): void; // @def(intentHandle, "handle")
}

export class Ledger {
  private readonly lines: string[] = [];

  record(entry: string): void { // @def(ledgerRecord, "record")
    this.lines.push(entry);
  }
}

// Form has methods of the same names as IntentHandler's and Ledger's, and
// implements neither: no call below is one of its.
export class Form {
  handle(intent: string): string { // @def(formHandle, "handle") @nocallers(formHandle)
    return intent;
  }

  record(entry: string): string { // @def(formRecord, "record") @nocallers(formRecord)
    return entry;
  }
}
