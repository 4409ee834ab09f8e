import { Ledger, SyncEngine, Transport } from '../src/sync';

declare const jest: { fn(): any };

// A test double whose members are function-typed properties, as a test
// writes one to swap them per case.
class FakeTransport implements Transport {
  pull: (household: string) => Promise<number[]> = async () => []; // @def(fakePull, "pull")
  push: (ops: number[]) => Promise<void> = async () => {}; // @def(fakePush, "push") @nocallers(fakePush)
}

// Writing a function over a method is a reference: tsserver lists the
// property access under the member and under the interface method it
// implements.
export async function pullsTwice(): Promise<number> { // @def(pullsTwice, "pullsTwice")
  const t = new FakeTransport();
  t.pull = async () => [1]; // @site(firstPull, "pull")
  t.pull = async (household) => [household.length]; // @site(secondPull, "pull") @written(pullsTwice, fakePull, firstPull, secondPull) @writtenvia(pullsTwice, pull, firstPull, secondPull)
  return new SyncEngine(t).runFor('h');
}

// Keeping the member to call it from the function written over it: the
// read is a reference too.
export async function wrapsThePull(): Promise<number> { // @def(wrapsThePull, "wrapsThePull")
  const t = new FakeTransport();
  const original = t.pull; // @site(keptPull, "pull")
  t.pull = async (household) => original(household); // @site(wrappedPull, "pull") @ref(wrapsThePull, fakePull, keptPull, wrappedPull) @refvia(wrapsThePull, pull, keptPull, wrappedPull)
  return new SyncEngine(t).runFor('w');
}

export function stubsTheLedger(): Ledger { // @def(stubsTheLedger, "stubsTheLedger")
  const ledger = new Ledger();
  ledger.total = jest.fn(); // @site(totalStub, "total") @written(stubsTheLedger, total, totalStub)
  return ledger;
}

// Data written to a field of a method's name on another object: nothing
// of Ledger's.
export function writesData(): { label: string } { // @def(writesData, "writesData")
  const record = { label: 'x' };
  record.label = 'y';
  return record;
}
