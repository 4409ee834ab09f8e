// Lints every Cypher statement of the Neo4j store with Neo4j's own Cypher
// language support (the parser and semantic analysis of the Neo4j server,
// compiled to JavaScript): syntax, undefined variables and parameters, and
// labels, relationship types and property keys the store never writes.
//
// usage: node lint.mjs STATEMENTS.json
// The JSON is written by the Go test TestCypherStatements when
// CALLCASCADE_CYPHER_DUMP names a file (see .ci/run).
import { readFileSync } from 'node:fs';
import { lintCypherQuery } from '@neo4j-cypher/language-support';

const file = process.argv[2];
if (!file) {
  console.error('usage: node lint.mjs STATEMENTS.json');
  process.exit(2);
}
const dump = JSON.parse(readFileSync(file, 'utf8'));
if (!Array.isArray(dump.statements) || dump.statements.length === 0) {
  console.error(`${file}: no statements to lint`);
  process.exit(1);
}
let failed = 0;
for (const st of dump.statements) {
  const schema = {
    labels: dump.labels,
    relationshipTypes: dump.relationshipTypes,
    propertyKeys: dump.propertyKeys,
    parameters: st.params ?? {},
  };
  const { diagnostics } = lintCypherQuery(st.text, schema);
  if (diagnostics.length === 0) {
    continue;
  }
  failed++;
  for (const d of diagnostics) {
    const at = st.text.slice(d.offsets.start, d.offsets.end);
    console.log(`${st.name}: ${d.severity === 1 ? 'error' : 'warning'}: ${d.message} (at "${at}")`);
  }
}
const passed = dump.statements.length - failed;
console.log(`cypherlint: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
