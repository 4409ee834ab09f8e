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

// commonNameStore indexes a workspace where one function is called often
// enough for the warm-up to resolve its sites ahead of time.
func commonNameStore(t *testing.T) *embedded.Store {
	t.Helper()
	root := t.TempDir()
	var b strings.Builder
	b.WriteString("package main\n\nfunc common() int { return 1 }\n\nfunc user() int {\n\tn := 0\n")
	for range 70 {
		b.WriteString("\tn += common()\n")
	}
	b.WriteString("\treturn n\n}\n")
	for name, src := range map[string]string{"go.mod": "module example.com/common\n", "main.go": b.String()} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	store, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	if _, err := (&index.Indexer{Root: root, Store: store}).IndexAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return store
}

// An index pass's writes pause now and then, and each pause asks for a
// warm-up. A warm-up of a generation that one has already gone through
// has nothing to add: it does not read every common name's call sites
// again to find that out.
func TestWarmUpOfAWarmedGenerationReadsNoCallSites(t *testing.T) {
	ctx := context.Background()
	store := commonNameStore(t)
	sites := &siteGate{Store: store}
	r := &resolve.Resolver{Store: sites}
	if err := r.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	if sites.reads.Load() == 0 {
		t.Fatal("the first warm-up read no call sites: the fixture does not reach the warm-up's threshold")
	}
	sites.reads.Store(0)
	if err := r.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	if n := sites.reads.Load(); n != 0 {
		t.Fatalf("the second warm-up of the same generation read call sites %d times, want none", n)
	}
}

// A warm-up asked for while another runs takes over: the one running
// stops (its store may have moved on since), instead of both resolving
// the same sites side by side.
func TestALaterWarmUpStopsTheOneRunning(t *testing.T) {
	ctx := context.Background()
	store := commonNameStore(t)
	sites := &siteGate{Store: store, held: make(chan struct{}), release: make(chan struct{})}
	r := &resolve.Resolver{Store: sites}
	first := make(chan error, 1)
	go func() { first <- r.Warm(ctx) }()
	<-sites.held // the first warm-up is reading call sites
	second := make(chan error, 1)
	go func() { second <- r.Warm(ctx) }()
	// The first returns only when stopped (the gate is still closed). The
	// second may deliver its result before the first's goroutine delivers
	// its own, but it can end only after the first has returned.
	var err1, err2 error
	secondDone := false
	select {
	case err1 = <-first:
	case err2 = <-second:
		secondDone = true
		err1 = <-first
	}
	if !errors.Is(err1, context.Canceled) {
		t.Fatalf("the first warm-up returned %v, want it stopped by the second", err1)
	}
	close(sites.release)
	if !secondDone {
		err2 = <-second
	}
	if err2 != nil {
		t.Fatalf("the second warm-up: %v", err2)
	}
	if sites.overlapped.Load() {
		t.Fatal("the second warm-up read call sites while the first was still reading them")
	}
	edges, err := r.Incoming(ctx, soleSymbol(t, store, "common"))
	if err != nil || len(edges) != 1 || edges[0].Symbol.Name != "user" {
		t.Fatalf("callers of common after the warm-ups = %v (%v), want user", edges, err)
	}
}

func soleSymbol(t *testing.T, store graph.Store, name string) fact.Symbol {
	t.Helper()
	syms, err := store.SymbolsByName(context.Background(), name)
	if err != nil || len(syms) != 1 {
		t.Fatalf("%s: %v %v", name, syms, err)
	}
	return syms[0]
}

// siteGate is a store that counts the reads of a name's call sites by its
// snapshots and, with held set, holds the first one until release is
// closed or its context ends.
type siteGate struct {
	*embedded.Store
	reads  atomic.Int64
	active atomic.Int64 // reads under way
	// overlapped: a read began while another was under way (two
	// warm-ups side by side).
	overlapped atomic.Bool
	held       chan struct{}
	release    chan struct{}
	holding    atomic.Bool
}

func (g *siteGate) Snapshot(ctx context.Context) (graph.Store, error) {
	snap, err := g.Store.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return gatedSites{snap, g}, nil
}

type gatedSites struct {
	graph.Store
	g *siteGate
}

func (s gatedSites) Generation() int64 { return s.Store.(graph.Generational).Generation() }

func (s gatedSites) CallsByCallee(ctx context.Context, name string) ([]fact.Call, error) {
	s.g.reads.Add(1)
	if s.g.active.Add(1) > 1 {
		s.g.overlapped.Store(true)
	}
	defer s.g.active.Add(-1)
	if s.g.held != nil && s.g.holding.CompareAndSwap(false, true) {
		close(s.g.held)
		select {
		case <-s.g.release:
		case <-ctx.Done():
			return nil, fmt.Errorf("calls of %s: %w", name, ctx.Err())
		}
	}
	return s.Store.CallsByCallee(ctx, name)
}
