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
//	  -[:CONTAINS]->(:CODE_CALL {path, caller_id, callee, receiver, start_byte, start_line, seq, ref, json})
//	  -[:CONTAINS]->(:CODE_LITERAL {path, symbol_id, seq, json, name_words})
//	  -[:IMPORTS]->(:CODE_MODULE {name})
//	(:CODE_SYMBOL|CODE_FILE)-[:CALLS {resolution, via, event, sites, lines, ref}]->(:CODE_SYMBOL)
//	(:CODE_SYMBOL)-[:SUBSCRIBES {sender}]->(:CODE_EVENT {name, bus, key})
//	(:CODE_SYMBOL|CODE_FILE)-[:PUBLISHES {path, line, sender}]->(:CODE_EVENT)
//	(:CODE_REPO {edges_digest})
//
// Call sites are CODE_CALL nodes: the resolver answers incoming and outgoing
// calls from them at query time, as it does over the embedded store, so
// nothing derived from another file is stored and nothing goes stale. CALLS,
// SUBSCRIBES and PUBLISHES edges are for people querying the graph with
// Cypher (docs/NEO4J-FRAMEWORK.md). A write of files rebuilds, for every
// name it touches, CALLS edges from a caller to the only function or method
// of the called name in the repository (resolution 'name'); the index
// command's edge pass then replaces every CALLS edge with the resolver's
// (resolution ast, name, event or registration, with via and event) and
// writes SUBSCRIBES and PUBLISHES through CODE_EVENT nodes, one per bus and
// key (name "bus:key"). A file's top level is its CODE_FILE node. CODE_REPO
// holds the digest of the files the edges were computed from.

// Schema, created idempotently before the first write. Composite uniqueness
// constraints keep ids unique per repository, not across repositories.
const (
	cypherConstraintFile   = `CREATE CONSTRAINT code_file_path IF NOT EXISTS FOR (f:CODE_FILE) REQUIRE (f.repo_id, f.path) IS UNIQUE`
	cypherConstraintSymbol = `CREATE CONSTRAINT code_symbol_id IF NOT EXISTS FOR (s:CODE_SYMBOL) REQUIRE (s.repo_id, s.id) IS UNIQUE`
	cypherConstraintModule = `CREATE CONSTRAINT code_module_name IF NOT EXISTS FOR (m:CODE_MODULE) REQUIRE (m.repo_id, m.name) IS UNIQUE`
	cypherConstraintEvent  = `CREATE CONSTRAINT code_event_name IF NOT EXISTS FOR (e:CODE_EVENT) REQUIRE (e.repo_id, e.name) IS UNIQUE`
	cypherConstraintRepo   = `CREATE CONSTRAINT code_repo_id IF NOT EXISTS FOR (r:CODE_REPO) REQUIRE r.repo_id IS UNIQUE`
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
WHERE c.caller_id <> '' AND NOT coalesce(c.ref, false)
MATCH (caller:CODE_SYMBOL {repo_id: $repo, id: c.caller_id})
WITH caller, target, count(c) AS sites
MERGE (caller)-[r:CALLS]->(target)
SET r.resolution = 'name', r.sites = sites`

	cypherModulesOf = `UNWIND $paths AS path
MATCH (:CODE_FILE {repo_id: $repo, path: path})-[:IMPORTS]->(m:CODE_MODULE)
RETURN collect(DISTINCT m.name) AS modules`
)

// The edge pass (WriteEdges): one transaction per batch of owners deletes
// the edges they own (a symbol its incoming CALLS and outgoing SUBSCRIBES
// and PUBLISHES, a file its PUBLISHES) and creates the batch's rows; the
// last drops events nothing refers to and records the digest.
const (
	cypherEdgesDigest = `MATCH (r:CODE_REPO {repo_id: $repo})
RETURN r.edges_digest AS digest`

	cypherDeleteSymbolCalls = `UNWIND $ids AS id
MATCH (:CODE_SYMBOL {repo_id: $repo, id: id})<-[r:CALLS]-()
DELETE r`

	cypherDeleteSymbolEvents = `UNWIND $ids AS id
MATCH (:CODE_SYMBOL {repo_id: $repo, id: id})-[r:SUBSCRIBES|PUBLISHES]->(:CODE_EVENT)
DELETE r`

	cypherDeleteFileEvents = `UNWIND $paths AS path
MATCH (:CODE_FILE {repo_id: $repo, path: path})-[r:PUBLISHES]->(:CODE_EVENT)
DELETE r`

	cypherCreateSymbolCallEdges = `UNWIND $rows AS row
MATCH (target:CODE_SYMBOL {repo_id: $repo, id: row.target})
MATCH (caller:CODE_SYMBOL {repo_id: $repo, id: row.caller})
CREATE (caller)-[r:CALLS]->(target)
SET r = row.props`

	cypherCreateFileCallEdges = `UNWIND $rows AS row
MATCH (target:CODE_SYMBOL {repo_id: $repo, id: row.target})
MATCH (caller:CODE_FILE {repo_id: $repo, path: row.callerPath})
CREATE (caller)-[r:CALLS]->(target)
SET r = row.props`

	cypherCreateSubscriptions = `UNWIND $rows AS row
MATCH (s:CODE_SYMBOL {repo_id: $repo, id: row.symbol})
MERGE (e:CODE_EVENT {repo_id: $repo, name: row.event})
SET e.bus = row.bus, e.key = row.key
CREATE (s)-[r:SUBSCRIBES]->(e)
SET r.sender = row.sender`

	cypherCreateSymbolPublications = `UNWIND $rows AS row
MATCH (p:CODE_SYMBOL {repo_id: $repo, id: row.publisher})
MERGE (e:CODE_EVENT {repo_id: $repo, name: row.event})
SET e.bus = row.bus, e.key = row.key
CREATE (p)-[r:PUBLISHES]->(e)
SET r.path = row.path, r.line = row.line, r.sender = row.sender`

	cypherCreateFilePublications = `UNWIND $rows AS row
MATCH (p:CODE_FILE {repo_id: $repo, path: row.path})
MERGE (e:CODE_EVENT {repo_id: $repo, name: row.event})
SET e.bus = row.bus, e.key = row.key
CREATE (p)-[r:PUBLISHES]->(e)
SET r.path = row.path, r.line = row.line, r.sender = row.sender`

	cypherDropOrphanEvents = `MATCH (e:CODE_EVENT {repo_id: $repo})
WHERE NOT EXISTS { (e)--() }
DELETE e`

	cypherSetEdgesDigest = `MERGE (r:CODE_REPO {repo_id: $repo})
SET r.edges_digest = $digest`

	cypherForgetEdges = `MATCH (r:CODE_REPO {repo_id: $repo})
DELETE r`
)

// The questions docs/NEO4J-FRAMEWORK.md shows, asked by the store too
// (Triggers, Callers) so that the live test runs the documented text.
const (
	// Who triggers this handler: the publishers of every event it
	// subscribes to, a subscription restricted to a sender hearing only
	// publications of that sender (Django's sender=Model).
	cypherTriggers = `MATCH (h:CODE_SYMBOL {repo_id: $repo, id: $id})-[s:SUBSCRIBES]->(e:CODE_EVENT)<-[p:PUBLISHES]-(pub)
WHERE s.sender = '' OR s.sender = p.sender
RETURN DISTINCT e.bus AS bus, e.key AS event, coalesce(pub.id, pub.path + '#') AS publisher, p.path AS path, p.line AS line
ORDER BY path, line, publisher, bus, event`

	// Who calls this symbol, and how each caller was resolved.
	cypherCallers = `MATCH (from)-[c:CALLS]->(:CODE_SYMBOL {repo_id: $repo, id: $id})
RETURN coalesce(from.id, from.path + '#') AS caller, c.resolution AS resolution, c.via AS via, c.event AS event, c.lines AS lines
ORDER BY caller`
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
	cypherConstraintFile, cypherConstraintSymbol, cypherConstraintModule, cypherConstraintEvent, cypherConstraintRepo,
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
	{"constraintRepo", cypherConstraintRepo, nil},
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
	{"edgesDigest", cypherEdgesDigest, []string{"repo"}},
	{"deleteSymbolCalls", cypherDeleteSymbolCalls, []string{"repo", "ids"}},
	{"deleteSymbolEvents", cypherDeleteSymbolEvents, []string{"repo", "ids"}},
	{"deleteFileEvents", cypherDeleteFileEvents, []string{"repo", "paths"}},
	{"createSymbolCallEdges", cypherCreateSymbolCallEdges, []string{"repo", "rows"}},
	{"createFileCallEdges", cypherCreateFileCallEdges, []string{"repo", "rows"}},
	{"createSubscriptions", cypherCreateSubscriptions, []string{"repo", "rows"}},
	{"createSymbolPublications", cypherCreateSymbolPublications, []string{"repo", "rows"}},
	{"createFilePublications", cypherCreateFilePublications, []string{"repo", "rows"}},
	{"dropOrphanEvents", cypherDropOrphanEvents, []string{"repo"}},
	{"setEdgesDigest", cypherSetEdgesDigest, []string{"repo", "digest"}},
	{"forgetEdges", cypherForgetEdges, []string{"repo"}},
	{"triggers", cypherTriggers, []string{"repo", "id"}},
	{"callers", cypherCallers, []string{"repo", "id"}},
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
