export interface Transport {
  pull(household: string): Promise<number[]>; // @def(pull, "pull")
  push(ops: number[]): Promise<void>; // @def(push, "push")
}

export class SyncEngine {
  constructor(private readonly transport: Transport) {}

  async runFor(household: string): Promise<number> { // @def(runFor, "runFor")
    const rows = await this.transport.pull(household); // @site(pullCall, "pull") @call(runFor, pull, pullCall) @dispatch(runFor, fakePull, pullCall)
    return rows.length;
  }
}

export class Ledger {
  total(): number { // @def(total, "total")
    return 0;
  }

  label(): string { // @def(label, "label") @nocallers(label)
    return 'ledger';
  }
}
