package neo4j_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

func sampleBatch(files int) []fact.FileFacts {
	var batch []fact.FileFacts
	for i := range files {
		path := fmt.Sprintf("src/f%d.ts'); MATCH (n) DETACH DELETE n //", i) // data, never Cypher
		batch = append(batch, fact.FileFacts{
			File:     fact.File{Path: path, Hash: fmt.Sprint(i), Imports: []treesitter.Import{{Local: "x", Imported: "x", Module: "./x"}}},
			Symbols:  []fact.Symbol{{ID: path + "#f", Path: path, Name: "f", Kind: treesitter.KindFunction}},
			Calls:    []fact.Call{{Path: path, CallerID: path + "#f", Callee: "g"}},
			Literals: []fact.Literal{{Path: path, Text: "hello"}},
		})
	}
	return batch
}

// A batch is written in one transaction whose statements do not grow with
// the batch (UNWIND over parameters), the schema is created once per
// store, and no file's data ever reaches a query's text.
func TestWritesAreBatchedInOneTransaction(t *testing.T) {
	rec := &boltRecorder{}
	srv := startServer(t, rec.handle)
	defer srv.Close()
	store := openAt(t, "bolt://"+srv.Addr())
	defer store.Close()

	var writes [][]string
	for _, n := range []int{1, 40} {
		before := len(rec.entries())
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := store.ReplaceFiles(ctx, sampleBatch(n))
		cancel()
		if err != nil {
			t.Fatalf("ReplaceFiles(%d files): %v", n, err)
		}
		writes = append(writes, rec.entries()[before:])
	}
	schemaRuns := 0
	for _, e := range writes[0] {
		if strings.HasPrefix(e, "CREATE CONSTRAINT") || strings.Contains(e, "INDEX") {
			schemaRuns++
		}
	}
	if schemaRuns == 0 {
		t.Errorf("the first write created no schema: %q", writes[0])
	}
	second := writes[1]
	if second[0] != "BEGIN" || second[len(second)-1] != "COMMIT" || slices.Contains(second[1:len(second)-1], "BEGIN") {
		t.Errorf("a batch of 40 files is not one transaction: %q", second)
	}
	first := writes[0][len(writes[0])-len(second):]
	if !slices.Equal(first, second) {
		t.Errorf("statements differ between a batch of 1 and of 40 files:\n%q\n%q", first, second)
	}
	for _, e := range second {
		if strings.Contains(e, "src/f") {
			t.Errorf("file data in a query's text: %q", e)
		}
		if e != "BEGIN" && e != "COMMIT" && !strings.Contains(e, "UNWIND $") {
			t.Errorf("a write statement not batched with UNWIND over a parameter: %q", e)
		}
	}
	if got := store.WriteTransactions(); got != 2 {
		t.Errorf("WriteTransactions() = %d, want 2", got)
	}
}
