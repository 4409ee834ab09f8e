package neo4j

import (
	"encoding/json"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

var paramRef = regexp.MustCompile(`\$([A-Za-z_][A-Za-z0-9_]*)`)

// sampleParams are values of the types the store passes, for the linter.
var sampleParams = map[string]any{
	"repo": "r", "path": "p", "id": "p#f", "name": "f", "callee": "f", "callerId": "p#g", "query": "+repo_id:\"r\"",
	"candidates": 10, "limit": 10,
	"paths": []string{"p"}, "names": []string{"f"}, "modules": []string{"m"}, "callableKinds": callableKinds,
	"files": []map[string]any{{"props": map[string]any{"path": "p"}, "modules": []string{"m"}}},
	"rows":  []map[string]any{{"path": "p"}},
	"ids":   []string{"p#f"}, "digest": "d",
}

// Every statement uses exactly the parameters the store passes it, every
// schema statement is listed, and, with CALLCASCADE_CYPHER_DUMP set, the
// statements are written out for Neo4j's Cypher linter (.ci/run).
func TestCypherStatements(t *testing.T) {
	listed := map[string]bool{}
	for _, st := range statements {
		listed[st.Text] = true
		used := map[string]bool{}
		for _, m := range paramRef.FindAllStringSubmatch(st.Text, -1) {
			used[m[1]] = true
		}
		if got, want := slices.Sorted(maps.Keys(used)), slices.Sorted(slices.Values(st.Params)); !slices.Equal(got, want) {
			t.Errorf("%s uses parameters %v, the store passes %v", st.Name, got, want)
		}
		for _, p := range st.Params {
			if _, ok := sampleParams[p]; !ok {
				t.Errorf("%s: no sample value for $%s", st.Name, p)
			}
		}
	}
	for _, s := range schemaStatements {
		if !listed[s] {
			t.Errorf("schema statement not listed for the lint: %s", s)
		}
	}
	out := os.Getenv("CALLCASCADE_CYPHER_DUMP")
	if out == "" {
		return
	}
	type dumped struct {
		Name   string         `json:"name"`
		Text   string         `json:"text"`
		Params map[string]any `json:"params"`
	}
	dump := struct {
		Labels            []string `json:"labels"`
		RelationshipTypes []string `json:"relationshipTypes"`
		PropertyKeys      []string `json:"propertyKeys"`
		Statements        []dumped `json:"statements"`
	}{
		Labels:            []string{"CODE_FILE", "CODE_SYMBOL", "CODE_CALL", "CODE_LITERAL", "CODE_MODULE", "CODE_EVENT", "CODE_REPO"},
		RelationshipTypes: []string{"CONTAINS", "IMPORTS", "CALLS", "SUBSCRIBES", "PUBLISHES"},
		PropertyKeys:      writtenPropertyKeys(t),
	}
	for _, st := range statements {
		d := dumped{Name: st.Name, Text: st.Text, Params: map[string]any{}}
		for _, p := range st.Params {
			d.Params[p] = sampleParams[p]
		}
		dump.Statements = append(dump.Statements, d)
	}
	data, err := json.MarshalIndent(dump, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writtenPropertyKeys are the property keys the store writes, taken from a
// batch it prepares plus those its statements set literally, so the linter
// flags a statement reading a property nothing writes.
func writtenPropertyKeys(t *testing.T) []string {
	s := &Store{cfg: Config{RepoID: "r"}}
	w, err := s.prepareBatch([]fact.FileFacts{{
		File:     fact.File{Path: "a.ts", Imports: []treesitter.Import{{Local: "x", Imported: "x", Module: "./x"}}},
		Symbols:  []fact.Symbol{{ID: "a.ts#f", Path: "a.ts", Name: "f", Kind: treesitter.KindFunction}},
		Calls:    []fact.Call{{Path: "a.ts", CallerID: "a.ts#f", Callee: "g"}},
		Literals: []fact.Literal{{Path: "a.ts", Text: "hello"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{"name": true, "resolution": true, "sites": true} // CODE_MODULE.name, CALLS
	for _, f := range w.files {
		for k := range f["props"].(map[string]any) {
			keys[k] = true
		}
	}
	for _, rows := range [][]map[string]any{w.symbols, w.calls, w.literals} {
		if len(rows) == 0 {
			t.Fatal("the sample batch produced no rows of a kind")
		}
		for k := range rows[0] {
			keys[k] = true
		}
	}
	// The edge pass: CALLS properties from its rows, CODE_EVENT's bus and
	// key, PUBLISHES' path, line and sender, CODE_REPO's digest.
	for _, b := range edgeBatches(&Edges{
		Owners: []string{"a.ts#f"}, Files: []string{"a.ts"},
		Calls: []CallRow{
			{CallerID: "a.ts#g", CallerPath: "a.ts", TargetID: "a.ts#f", Resolution: fact.ResolvedEvent, Event: "e", Lines: []int64{1}},
			{CallerPath: "a.ts", TargetID: "a.ts#f", Resolution: fact.ResolvedRegistration, Via: "on('e')", Lines: []int64{2}},
		},
		Subscriptions: []SubscriptionRow{{SymbolID: "a.ts#f", Bus: "emitter", Key: "e"}},
		Publications:  []PublicationRow{{PublisherID: "a.ts#f", Path: "a.ts", Line: 1, Bus: "emitter", Key: "e"}},
	}) {
		for _, row := range append(b.symbolCalls, b.fileCalls...) {
			for k := range row["props"].(map[string]any) {
				keys[k] = true
			}
		}
		for _, rows := range [][]map[string]any{b.symbolCalls, b.fileCalls, b.subscriptions, b.symbolPublications} {
			if len(rows) == 0 {
				t.Fatal("the sample edges produced no rows of a kind")
			}
			for _, row := range rows {
				for k := range row {
					keys[k] = true
				}
			}
		}
	}
	keys["edges_digest"] = true
	// The full-text index reads these; it is fine that literals have no
	// container or path words.
	for _, k := range []string{"name_words", "container_words", "path_words"} {
		if !keys[k] {
			t.Errorf("the full-text index reads %s, which the store does not write", k)
		}
	}
	return slices.Sorted(maps.Keys(keys))
}

func TestLuceneQueryTakesOnlyWords(t *testing.T) {
	got := luceneQuery(`acme/"api"`, queryTerms(`moveFiles) OR *:* "x"`))
	want := `+repo_id:"acme/\"api\"" +(name_words:(files move movefilesorx or x)^4 container_words:(files move movefilesorx or x)^1.5 path_words:(files move movefilesorx or x)^0.5)`
	if got != want {
		t.Errorf("luceneQuery =\n %s\nwant\n %s", got, want)
	}
	if luceneQuery("r", queryTerms("() *")) != "" {
		t.Error("a query without words must search nothing")
	}
	if !strings.Contains(luceneEscape("a:b"), `a\:b`) {
		t.Error("luceneEscape does not escape ':'")
	}
}
