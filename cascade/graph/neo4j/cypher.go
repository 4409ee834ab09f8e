package neo4j

// Every Cypher statement the store runs. They take user data only through
// $parameters, and every one is linted in CI by Neo4j's own Cypher language
// support (see cypher_test.go and .ci/run), with the parameters listed in
// statements below.
//
// The graph, per repository (every node carries repo_id):
//
//	(:CODE_FILE {path, hash, size, mod_time, language, package, entry, json})
//	  -[:CONTAINS]->(:CODE_SYMBOL {id, path, name, kind, container, language, seq, start_line, json, name_words, container_words, path_words})
//	  -[:CONTAINS]->(:CODE_CALL {path, caller_id, callee, receiver, start_byte, start_line, seq, json})
//	  -[:CONTAINS]->(:CODE_LITERAL {path, symbol_id, seq, json, name_words})
//	  -[:IMPORTS]->(:CODE_MODULE {name})
//	(:CODE_SYMBOL)-[:CALLS {resolution: 'name', sites}]->(:CODE_SYMBOL)
//	(:CODE_EVENT {name})  label and constraint only, see below
//
// Call sites are CODE_CALL nodes: the resolver answers incoming and outgoing
// calls from them at query time, as it does over the embedded store, so
// nothing derived from another file is stored and nothing goes stale. CALLS
// edges are for people querying the graph with Cypher: one from a caller to
// the only function or method of the called name in the repository, with
// resolution 'name' and the number of call sites. They are rebuilt for every
// name a write touches.
//
// CODE_EVENT nodes (publish/subscribe targets) have their label and
// constraint; the PUBLISHES/SUBSCRIBES edges come with the framework facts.

// Schema, created idempotently before the first write. Composite uniqueness
// constraints keep ids unique per repository, not across repositories.
const (
	cypherConstraintFile   = `CREATE CONSTRAINT code_file_path IF NOT EXISTS FOR (f:CODE_FILE) REQUIRE (f.repo_id, f.path) IS UNIQUE`
	cypherConstraintSymbol = `CREATE CONSTRAINT code_symbol_id IF NOT EXISTS FOR (s:CODE_SYMBOL) REQUIRE (s.repo_id, s.id) IS UNIQUE`
	cypherConstraintModule = `CREATE CONSTRAINT code_module_name IF NOT EXISTS FOR (m:CODE_MODULE) REQUIRE (m.repo_id, m.name) IS UNIQUE`
	cypherConstraintEvent  = `CREATE CONSTRAINT code_event_name IF NOT EXISTS FOR (e:CODE_EVENT) REQUIRE (e.repo_id, e.name) IS UNIQUE`
	cypherIndexFileRepo    = `CREATE INDEX code_file_repo IF NOT EXISTS FOR (f:CODE_FILE) ON (f.repo_id)`
	cypherIndexSymbolName  = `CREATE INDEX code_symbol_name IF NOT EXISTS FOR (s:CODE_SYMBOL) ON (s.repo_id, s.name)`
	cypherIndexSymbolPath  = `CREATE INDEX code_symbol_path IF NOT EXISTS FOR (s:CODE_SYMBOL) ON (s.repo_id, s.path)`
	cypherIndexCallCallee  = `CREATE INDEX code_call_callee IF NOT EXISTS FOR (c:CODE_CALL) ON (c.repo_id, c.callee)`
	cypherIndexCallCaller  = `CREATE INDEX code_call_caller IF NOT EXISTS FOR (c:CODE_CALL) ON (c.repo_id, c.caller_id)`
	// The whitespace analyzer: the store writes lower-cased words already
	// split the way graph.SplitWords splits queries, and keeps repo_id one
	// token so a query can require it exactly.
	cypherIndexSearch = "CREATE FULLTEXT INDEX code_search IF NOT EXISTS FOR (n:CODE_SYMBOL|CODE_LITERAL) " +
		"ON EACH [n.name_words, n.container_words, n.path_words, n.repo_id] " +
		"OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}"
)

// Writes. A batch runs them in one transaction: names of the symbols about
// to go, delete, create files, symbols, calls, literals, drop orphaned
// modules, rebuild CALLS for the names touched.
const (
	cypherOldSymbolNames = `UNWIND $paths AS path
MATCH (:CODE_FILE {repo_id: $repo, path: path})-[:CONTAINS]->(s:CODE_SYMBOL)
RETURN collect(DISTINCT s.name) AS names`

	cypherDeleteFiles = `UNWIND $paths AS path
MATCH (f:CODE_FILE {repo_id: $repo, path: path})
OPTIONAL MATCH (f)-[:CONTAINS]->(part)
WITH f, collect(part) AS parts
FOREACH (p IN parts | DETACH DELETE p)
DETACH DELETE f`

	cypherCreateFiles = `UNWIND $files AS file
CREATE (f:CODE_FILE)
SET f = file.props
FOREACH (module IN file.modules |
  MERGE (m:CODE_MODULE {repo_id: $repo, name: module})
  MERGE (f)-[:IMPORTS]->(m))`

	cypherCreateSymbols = `UNWIND $rows AS row
MATCH (f:CODE_FILE {repo_id: $repo, path: row.path})
CREATE (f)-[:CONTAINS]->(s:CODE_SYMBOL)
SET s = row`

	cypherCreateCalls = `UNWIND $rows AS row
MATCH (f:CODE_FILE {repo_id: $repo, path: row.path})
CREATE (f)-[:CONTAINS]->(c:CODE_CALL)
SET c = row`

	cypherCreateLiterals = `UNWIND $rows AS row
MATCH (f:CODE_FILE {repo_id: $repo, path: row.path})
CREATE (f)-[:CONTAINS]->(l:CODE_LITERAL)
SET l = row`

	cypherDropOrphanModules = `UNWIND $modules AS module
MATCH (m:CODE_MODULE {repo_id: $repo, name: module})
WHERE NOT EXISTS { (m)<-[:IMPORTS]-() }
DELETE m`

	cypherDeleteNameEdges = `UNWIND $names AS name
MATCH (:CODE_SYMBOL {repo_id: $repo, name: name})<-[r:CALLS]-()
DELETE r`

	cypherCreateNameEdges = `UNWIND $names AS name
MATCH (t:CODE_SYMBOL {repo_id: $repo, name: name})
WHERE t.kind IN $callableKinds
WITH name, collect(t) AS targets
WHERE size(targets) = 1
WITH name, targets[0] AS target
MATCH (c:CODE_CALL {repo_id: $repo, callee: name})
WHERE c.caller_id <> ''
MATCH (caller:CODE_SYMBOL {repo_id: $repo, id: c.caller_id})
WITH caller, target, count(c) AS sites
MERGE (caller)-[r:CALLS]->(target)
SET r.resolution = 'name', r.sites = sites`

	cypherModulesOf = `UNWIND $paths AS path
MATCH (:CODE_FILE {repo_id: $repo, path: path})-[:IMPORTS]->(m:CODE_MODULE)
RETURN collect(DISTINCT m.name) AS modules`
)

// Reads. Each returns decoded-from JSON in a deterministic order.
const (
	cypherFiles = `MATCH (f:CODE_FILE {repo_id: $repo})
RETURN f.entry AS json
ORDER BY f.path`

	cypherFile = `MATCH (f:CODE_FILE {repo_id: $repo, path: $path})
RETURN f.json AS json`

	cypherSymbol = `MATCH (s:CODE_SYMBOL {repo_id: $repo, id: $id})
RETURN s.json AS json
LIMIT 1`

	cypherSymbolsByName = `MATCH (s:CODE_SYMBOL {repo_id: $repo, name: $name})
RETURN s.json AS json
ORDER BY s.path, s.seq`

	cypherSymbolsInFile = `MATCH (s:CODE_SYMBOL {repo_id: $repo, path: $path})
RETURN s.json AS json
ORDER BY s.seq`

	cypherCallsByCallee = `MATCH (c:CODE_CALL {repo_id: $repo, callee: $callee})
RETURN c.json AS json
ORDER BY c.path, c.start_byte, c.seq`

	cypherCallsFrom = `MATCH (c:CODE_CALL {repo_id: $repo, caller_id: $callerId})
RETURN c.json AS json
ORDER BY c.path, c.start_byte, c.seq`

	cypherRepoIndexed = `MATCH (f:CODE_FILE {repo_id: $repo})
WITH f LIMIT 1
RETURN count(f) AS files`

	// Lucene scores (BM25); the query string is built by luceneQuery from
	// the words of the user's query only, and requires the repo_id term.
	cypherSearch = `CALL db.index.fulltext.queryNodes('code_search', $query, {limit: $candidates})
YIELD node, score
WHERE node.repo_id = $repo
RETURN node:CODE_SYMBOL AS isSymbol, node.json AS json, score
ORDER BY score DESC, node.path, node.seq
LIMIT $limit`
)

// statement names a Cypher statement and the parameters the store passes it.
type statement struct {
	Name   string   `json:"name"`
	Text   string   `json:"text"`
	Params []string `json:"params"`
}

// schemaStatements run, in order, before the first write.
var schemaStatements = []string{
	cypherConstraintFile, cypherConstraintSymbol, cypherConstraintModule, cypherConstraintEvent,
	cypherIndexFileRepo, cypherIndexSymbolName, cypherIndexSymbolPath,
	cypherIndexCallCallee, cypherIndexCallCaller, cypherIndexSearch,
}

// statements lists every statement with its parameters, for the lint and
// for the test that every $name in a statement is one the store passes.
var statements = []statement{
	{"constraintFile", cypherConstraintFile, nil},
	{"constraintSymbol", cypherConstraintSymbol, nil},
	{"constraintModule", cypherConstraintModule, nil},
	{"constraintEvent", cypherConstraintEvent, nil},
	{"indexFileRepo", cypherIndexFileRepo, nil},
	{"indexSymbolName", cypherIndexSymbolName, nil},
	{"indexSymbolPath", cypherIndexSymbolPath, nil},
	{"indexCallCallee", cypherIndexCallCallee, nil},
	{"indexCallCaller", cypherIndexCallCaller, nil},
	{"indexSearch", cypherIndexSearch, nil},
	{"oldSymbolNames", cypherOldSymbolNames, []string{"repo", "paths"}},
	{"modulesOf", cypherModulesOf, []string{"repo", "paths"}},
	{"deleteFiles", cypherDeleteFiles, []string{"repo", "paths"}},
	{"createFiles", cypherCreateFiles, []string{"repo", "files"}},
	{"createSymbols", cypherCreateSymbols, []string{"repo", "rows"}},
	{"createCalls", cypherCreateCalls, []string{"repo", "rows"}},
	{"createLiterals", cypherCreateLiterals, []string{"repo", "rows"}},
	{"dropOrphanModules", cypherDropOrphanModules, []string{"repo", "modules"}},
	{"deleteNameEdges", cypherDeleteNameEdges, []string{"repo", "names"}},
	{"createNameEdges", cypherCreateNameEdges, []string{"repo", "names", "callableKinds"}},
	{"files", cypherFiles, []string{"repo"}},
	{"file", cypherFile, []string{"repo", "path"}},
	{"symbol", cypherSymbol, []string{"repo", "id"}},
	{"symbolsByName", cypherSymbolsByName, []string{"repo", "name"}},
	{"symbolsInFile", cypherSymbolsInFile, []string{"repo", "path"}},
	{"callsByCallee", cypherCallsByCallee, []string{"repo", "callee"}},
	{"callsFrom", cypherCallsFrom, []string{"repo", "callerId"}},
	{"repoIndexed", cypherRepoIndexed, []string{"repo"}},
	{"search", cypherSearch, []string{"repo", "query", "candidates", "limit"}},
}
