package resolve_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The answer for a name called from hundreds of sites is worked out once a
// generation: asked again, it reads no call site and is the same answer;
// after a write it is worked out afresh and holds the new caller. A name
// with few sites is worked out every time (nothing kept for it).
func TestABigAnswerIsKeptForTheGeneration(t *testing.T) {
	ctx := context.Background()
	store, ix, write := bigNameStore(t, 30, 10)
	sites := &siteGate{Store: store}
	r := &resolve.Resolver{Store: sites}
	callers := func(name string) (string, int64) {
		return callersAndReads(t, r, sites, store, name)
	}

	first, reads := callers("common")
	if reads == 0 || !strings.HasPrefix(first, "user0×10 ") {
		t.Fatalf("first answer for common: %q after %d reads of call sites", first, reads)
	}
	again, reads := callers("common")
	if again != first || reads != 0 {
		t.Errorf("asked again: %d reads of call sites, same answer %v; want none and the same", reads, again == first)
	}
	if _, reads := callers("rare"); reads == 0 {
		t.Errorf("rare (30 sites) read no call sites: a small answer was kept")
	}

	write("more.go", "package main\n\nfunc late() int { return common() }\n")
	if _, err := ix.IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	after, reads := callers("common")
	if reads == 0 || !strings.Contains(after, "late×1") {
		t.Errorf("after a write: %q after %d reads of call sites; want the new caller late, worked out afresh", after, reads)
	}
}

// The warm-up works out the answer of a name called from a thousand sites
// or more ahead: the first ask reads no call site.
func TestWarmUpWorksOutTheBiggestAnswersAhead(t *testing.T) {
	ctx := context.Background()
	store, _, _ := bigNameStore(t, 50, 20)
	sites := &siteGate{Store: store}
	want, _ := callersAndReads(t, &resolve.Resolver{Store: store}, sites, store, "common")
	r := &resolve.Resolver{Store: sites}
	if err := r.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	got, reads := callersAndReads(t, r, sites, store, "common")
	if reads != 0 || got != want {
		t.Errorf("first ask after the warm-up: %d reads of call sites, same answer %v; want none and the same", reads, got == want)
	}
}

// callersAndReads is r's callers of the function called name, and how many
// times the request read call sites.
func callersAndReads(t *testing.T, r *resolve.Resolver, sites *siteGate, store *embedded.Store, name string) (string, int64) {
	t.Helper()
	sites.reads.Store(0)
	edges, err := r.Incoming(context.Background(), soleSymbol(t, store, name))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range edges {
		out = append(out, fmt.Sprintf("%s×%d", e.Symbol.Name, len(e.Sites)))
	}
	return strings.Join(out, " "), sites.reads.Load()
}

// bigNameStore indexes a Go workspace where users functions each call
// common perCall times and rare once; it returns the store, its indexer and
// a writer of more files into the workspace.
func bigNameStore(t *testing.T, users, perCall int) (*embedded.Store, *index.Indexer, func(name, src string)) {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(root, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	b.WriteString("package main\n\nfunc common() int { return 1 }\n\nfunc rare() int { return 2 }\n")
	for i := range users {
		fmt.Fprintf(&b, "\nfunc user%d() int {\n\tn := rare()\n", i)
		for range perCall {
			b.WriteString("\tn += common()\n")
		}
		b.WriteString("\treturn n\n}\n")
	}
	write("go.mod", "module example.com/common\n")
	write("main.go", b.String())
	store, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	ix := &index.Indexer{Root: root, Store: store}
	if _, err := ix.IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	return store, ix, write
}
