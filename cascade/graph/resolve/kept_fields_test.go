package resolve_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// A function passed by value to a constructor that stores it in a field
// (NewWorker(job), then w.run()) is called where the field is. Finding
// those callers reads the body of every function the name is passed in,
// and of the function it is passed to; for a name passed at hundreds of
// sites that alone ran past the graph stage's timeout (issue 14). The
// warm-up works it out ahead of time for the names it resolves: after it,
// a request for such a name finds the same callers without reading a
// function body.
func TestWarmUpFindsStoredFieldsAhead(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	var b strings.Builder
	b.WriteString("package main\n\ntype Worker struct {\n\trun func()\n}\n\n")
	b.WriteString("func NewWorker(run func()) *Worker {\n\treturn &Worker{run: run}\n}\n\nfunc job() {}\n")
	const starters = 70 // enough sites of job for the warm-up to resolve them ahead
	for i := range starters {
		fmt.Fprintf(&b, "\nfunc start%d() {\n\tw := NewWorker(job)\n\tw.run()\n}\n", i)
	}
	for name, src := range map[string]string{"go.mod": "module example.com/jobs\n", "main.go": b.String()} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	store, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := (&index.Indexer{Root: root, Store: store}).IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	syms, err := store.SymbolsByName(ctx, "job")
	if err != nil || len(syms) != 1 {
		t.Fatalf("job: %v %v", syms, err)
	}
	callers := func(r *resolve.Resolver) ([]string, error) {
		edges, err := r.Incoming(ctx, syms[0])
		var names []string
		for _, e := range edges {
			names = append(names, e.Symbol.Name)
		}
		return names, err
	}

	// Reading every body, as a request without the warm-up does.
	want, err := callers(&resolve.Resolver{Store: store})
	if err != nil || len(want) != starters {
		t.Fatalf("callers of job without the warm-up = %d %q (%v), want start0..start%d", len(want), want, err, starters-1)
	}

	bodies := &bodyGate{Store: store}
	r := &resolve.Resolver{Store: bodies}
	if err := r.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	bodies.closed.Store(true)
	got, err := callers(r)
	if err != nil {
		t.Fatalf("callers of job after the warm-up read a function body: %v (found %d of %d)", err, len(got), starters)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("callers of job after the warm-up = %q, want %q", got, want)
	}
}

// bodyGate is a store whose snapshots refuse to read a function's calls
// (CallsFrom) once closed.
type bodyGate struct {
	*embedded.Store
	closed atomic.Bool
}

var errBodyRead = errors.New("a function body was read")

func (g *bodyGate) Snapshot(ctx context.Context) (graph.Store, error) {
	snap, err := g.Store.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return gatedSnapshot{snap, &g.closed}, nil
}

func (g *bodyGate) CallsFrom(ctx context.Context, id string) ([]fact.Call, error) {
	if g.closed.Load() {
		return nil, errBodyRead
	}
	return g.Store.CallsFrom(ctx, id)
}

type gatedSnapshot struct {
	graph.Store
	closed *atomic.Bool
}

func (s gatedSnapshot) Generation() int64 { return s.Store.(graph.Generational).Generation() }

func (s gatedSnapshot) CallsFrom(ctx context.Context, id string) ([]fact.Call, error) {
	if s.closed.Load() {
		return nil, errBodyRead
	}
	return s.Store.CallsFrom(ctx, id)
}
