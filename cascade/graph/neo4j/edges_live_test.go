package neo4j_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The edge pass against a live Neo4j (CALLCASCADE_NEO4J_URI, as the other
// live tests): each fixture with publishers and subscribers is indexed
// into Neo4j and into an embedded store, the pass computed over the
// embedded one and written, and the documented "who triggers this
// handler" query asked for every subscriber: Neo4j must answer what the
// rows say (the unit test checks the rows against the fixture's markers).
// A second pass with nothing changed writes nothing; a forced one leaves
// the same answers.
func TestLiveWhoTriggersThisHandler(t *testing.T) {
	liveConfig(t, "")
	run := fmt.Sprintf("callcascade-test-edges-%d", time.Now().UnixNano())
	for _, name := range []string{"nest-events", "django-shop", "go-routes", "spring-events"} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			root := copyFixture(t, name)
			local, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer local.Close()
			neo, err := neo4jstore.Open(ctx, liveConfig(t, run+"/"+name))
			if err != nil {
				t.Fatal(err)
			}
			defer neo.Close()
			defer func() {
				purge(t, neo)
				if err := neo.ForgetEdges(ctx); err != nil {
					t.Errorf("ForgetEdges: %v", err)
				}
			}()
			for _, s := range []graph.Store{local, neo} {
				if _, err := (&index.Indexer{Root: root, Store: s}).IndexAll(ctx, nil); err != nil {
					t.Fatal(err)
				}
			}
			edges, err := neo4jstore.ComputeEdges(ctx, local, &resolve.Resolver{Store: local, Root: root})
			if err != nil {
				t.Fatal(err)
			}
			neoFiles, err := neo.Files(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got := neo4jstore.FilesDigest(neoFiles); got != edges.Digest {
				t.Fatalf("Neo4j and the embedded store hold different files: digest %s, want %s", got, edges.Digest)
			}
			check := func(when string) {
				subscribers := 0
				for _, sub := range edges.Subscriptions {
					want := triggersFromRows(edges, sub.SymbolID)
					got, err := neo.Triggers(ctx, sub.SymbolID)
					if err != nil {
						t.Fatal(err)
					}
					var lines []string
					for _, tr := range got {
						lines = append(lines, fmt.Sprintf("%s %s:%d %s", tr.Publisher, tr.Path, tr.Line, neo4jstore.EventName(tr.Bus, tr.Event)))
					}
					if diff := cmp.Diff(want, lines, cmpopts.EquateEmpty(), cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
						t.Errorf("%s: who triggers %s (-rows +neo4j):\n%s", when, sub.SymbolID, diff)
					}
					if len(want) > 0 {
						subscribers++
					}
				}
				if subscribers == 0 {
					t.Errorf("%s: no subscriber with a publisher: nothing was asked", when)
				}
				for _, target := range edges.Owners {
					var want []neo4jstore.StoredCaller
					for _, c := range edges.Calls {
						if c.TargetID != target {
							continue
						}
						caller := c.CallerID
						if caller == "" {
							caller = c.CallerPath + "#"
						}
						want = append(want, neo4jstore.StoredCaller{Caller: caller, Resolution: string(c.Resolution), Via: c.Via, Event: c.Event, Lines: c.Lines})
					}
					got, err := neo.Callers(ctx, target)
					if err != nil {
						t.Fatal(err)
					}
					if diff := cmp.Diff(want, got, cmpopts.EquateEmpty(), cmpopts.SortSlices(func(a, b neo4jstore.StoredCaller) bool { return a.Caller < b.Caller })); diff != "" {
						t.Errorf("%s: callers of %s (-rows +neo4j):\n%s", when, target, diff)
					}
				}
			}
			if written, err := neo.WriteEdges(ctx, edges); err != nil || !written {
				t.Fatalf("WriteEdges = %v, %v", written, err)
			}
			check("first pass")
			txs := neo.WriteTransactions()
			if written, err := neo.WriteEdges(ctx, edges); err != nil || written || neo.WriteTransactions() != txs {
				t.Errorf("a second pass with nothing changed: written %v, %d transactions, %v", written, neo.WriteTransactions()-txs, err)
			}
			forced := *edges
			forced.Digest = ""
			if _, err := neo.WriteEdges(ctx, &forced); err != nil {
				t.Fatal(err)
			}
			check("rewritten")
		})
	}
}
