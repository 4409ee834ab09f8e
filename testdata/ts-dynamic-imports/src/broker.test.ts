// @module(brokerTest)
// A test loads the module at its top level after setting its environment:
// the destructured names hold the module's exports, and a call on one is
// the export's method, as for a named import.
import * as brokerNs from "./broker";

const { broker } = await import("./broker.js");
const { ledger: book } = await import("./broker");

export async function auditAll(): Promise<number> { // @def(auditAll, "auditAll")
  const entries = await broker.audit("org"); // @site(testAudit, "audit") @call(auditAll, audit, testAudit)
  return book.record(entries[0]); // @site(testRecord, "record") @call(auditAll, record, testRecord)
}

// The same through a namespace import: ns.broker is the exported object.
export async function auditNs(): Promise<number> { // @def(auditNs, "auditNs")
  const m = await import("./broker");
  await m.broker.audit("a"); // @site(mAudit, "audit")
  await brokerNs.broker.audit("b"); // @site(nsAudit, "audit") @call(auditNs, audit, mAudit, nsAudit)
  return brokerNs.ledger.record("c"); // @site(nsRecord, "record") @call(auditNs, record, nsRecord)
}
