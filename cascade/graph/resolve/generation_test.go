package resolve_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The resolver keeps what it derives from the store (the file list, the
// registering calls) for one store generation, the one the request's
// snapshot names. A write by another process (`callcascade index` while the
// editor's server runs) changes the generation, and the next request sees
// the new callers (here, a handler registered by value in a new file), with nobody calling Invalidate.
func TestResolverFollowsTheStoresGeneration(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(root, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/shop\n")
	write("health.go", "package main\n\nimport \"net/http\"\n\nfunc health(w http.ResponseWriter, r *http.Request) {}\n")
	write("a.go", "package main\n\nimport \"net/http\"\n\nfunc first() { http.HandleFunc(\"/a\", health) }\n")
	db := filepath.Join(t.TempDir(), "graph.db")
	server, err := embedded.Open(db, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	if _, err := (&index.Indexer{Root: root, Store: server}).IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	r := &resolve.Resolver{Store: server}
	if err := r.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	syms, err := server.SymbolsByName(ctx, "health")
	if err != nil || len(syms) != 1 {
		t.Fatalf("health: %v %v", syms, err)
	}
	callers := func() []string {
		edges, err := r.Incoming(ctx, syms[0])
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range edges {
			out = append(out, e.Symbol.Name)
		}
		return out
	}
	if got := callers(); len(got) != 1 || got[0] != "first" {
		t.Fatalf("callers before = %q, want [first]", got)
	}

	// Another process indexes a new caller into the same store.
	write("b.go", "package main\n\nimport \"net/http\"\n\nfunc second() { http.HandleFunc(\"/b\", health) }\n")
	other, err := embedded.Open(db, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&index.Indexer{Root: root, Store: other}).IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	other.Close()

	if got := callers(); len(got) != 2 || got[0] != "first" || got[1] != "second" {
		t.Fatalf("callers after another process indexed b.go = %q, want [first second]", got)
	}
}
