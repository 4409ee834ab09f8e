package neo4j_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
)

// manyEdges is a synthetic pass with more rows than one transaction takes,
// its data written so that it would break any query it were spliced into.
func manyEdges(owners int) *neo4jstore.Edges {
	e := &neo4jstore.Edges{Digest: "digest-1"}
	for i := range owners {
		id := fmt.Sprintf("src/f%d.ts'}) DETACH DELETE n //#handle", i)
		e.Owners = append(e.Owners, id)
		e.Files = append(e.Files, fmt.Sprintf("src/f%d.ts'}) //", i))
		e.Calls = append(e.Calls, neo4jstore.CallRow{CallerID: id + "Caller", CallerPath: "src/x.ts", TargetID: id,
			Resolution: fact.ResolvedEvent, Event: "order.paid'}) //", Lines: []int64{3}})
		e.Subscriptions = append(e.Subscriptions, neo4jstore.SubscriptionRow{SymbolID: id, Bus: "emitter", Key: "order.paid'}) //"})
		e.Publications = append(e.Publications, neo4jstore.PublicationRow{PublisherID: id + "Caller", Path: "src/x.ts", Line: 3, Bus: "emitter", Key: "order.paid'}) //"},
			neo4jstore.PublicationRow{Path: "src/top.ts", Line: 1, Bus: "emitter", Key: "order.paid'}) //"})
	}
	return e
}

// The edge pass writes in transactions of a batch of owners each, with
// statements that do not grow with the batch (UNWIND over parameters),
// never a row's data in a query's text, and records its digest last.
func TestEdgeWritesAreBatchedAndParameterized(t *testing.T) {
	rec := &boltRecorder{}
	srv := startServer(t, rec.handle)
	defer srv.Close()
	store := openAt(t, "bolt://"+srv.Addr())
	defer store.Close()

	for _, owners := range []int{1, 1500} {
		before, txs0 := len(rec.entries()), store.WriteTransactions()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		written, err := store.WriteEdges(ctx, manyEdges(owners))
		cancel()
		if err != nil || !written {
			t.Fatalf("WriteEdges(%d owners) = %v, %v", owners, written, err)
		}
		// Transactions as the server saw them: the digest read, the
		// schema (first write only), then the pass's own.
		var txs [][]string
		for _, e := range rec.entries()[before:] {
			switch e {
			case "BEGIN":
				txs = append(txs, nil)
			case "COMMIT", "ROLLBACK":
			default:
				if len(txs) == 0 {
					txs = append(txs, nil) // an auto-commit statement
				}
				txs[len(txs)-1] = append(txs[len(txs)-1], e)
				if strings.Contains(e, "src/") || strings.Contains(e, "order.paid") || strings.Contains(e, "DETACH DELETE n") {
					t.Errorf("row data in a query's text: %q", e)
				}
			}
		}
		if len(txs) == 0 || len(txs[0]) != 1 || !strings.Contains(txs[0][0], "edges_digest") {
			t.Fatalf("the pass did not read the stored digest first: %q", txs)
		}
		var edgeTxs [][]string
		for _, tx := range txs[1:] {
			if len(tx) == 1 && strings.Contains(tx[0], "IF NOT EXISTS") {
				continue // schema
			}
			edgeTxs = append(edgeTxs, tx)
			for _, st := range tx {
				if !strings.Contains(st, "UNWIND $") && !strings.Contains(st, "CODE_REPO") && !strings.Contains(st, "NOT EXISTS") {
					t.Errorf("an edge write not batched with UNWIND over a parameter: %q", st)
				}
			}
		}
		if got := store.WriteTransactions() - txs0; got != int64(len(edgeTxs)) || len(edgeTxs) < 2 {
			t.Errorf("%d owners: %d edge transactions sent, %d committed, want at least 2 (rows, digest)", owners, len(edgeTxs), got)
		}
		if owners > 1 && len(edgeTxs) < 3 {
			t.Errorf("%d owners in %d transactions: the rows were not split into batches", owners, len(edgeTxs))
		}
		if owners > 1 && !slices.Equal(edgeTxs[0], edgeTxs[1]) {
			t.Errorf("two batches ran different statements:\n%q\n%q", edgeTxs[0], edgeTxs[1])
		}
		last := edgeTxs[len(edgeTxs)-1]
		if !strings.Contains(last[len(last)-1], "SET r.edges_digest = $digest") {
			t.Errorf("the last transaction does not record the digest: %q", last)
		}
	}
}

// A pass that fails part way records no digest, so the next run writes
// everything again; an Edges without a digest is written without asking.
func TestEdgeWriteWithoutDigestSkipsTheRead(t *testing.T) {
	rec := &boltRecorder{}
	srv := startServer(t, rec.handle)
	defer srv.Close()
	store := openAt(t, "bolt://"+srv.Addr())
	defer store.Close()
	e := manyEdges(2)
	e.Digest = ""
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := store.WriteEdges(ctx, e); err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(rec.entries(), func(s string) bool { return strings.HasPrefix(s, "MATCH (r:CODE_REPO") }) {
		t.Error("an Edges without a digest read the stored digest")
	}
}
