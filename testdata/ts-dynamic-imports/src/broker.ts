// An object literal a module exports by name, and an instance.
export const broker = {
  async audit(org: string): Promise<string[]> { // @def(audit, "audit")
    return [org];
  },
};

class Ledger {
  record(entry: string): number { // @def(record, "record")
    return entry.length;
  }
}

export const ledger = new Ledger();
