package resolve_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// What call sites resolve to is kept for one store generation, and the
// warm-up resolves the sites of common names ahead of time. An edit that
// changes what a site resolves to without moving it (here, the module its
// name is imported from, a name of the same length) must be seen by the next
// request: the kept resolutions of the older generation are not used.
func TestKeptResolutionsFollowTheGeneration(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(root, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("one.ts", "export function target(): number {\n  return 1;\n}\n")
	write("two.ts", "export function target(): number {\n  return 2;\n}\n")
	// Enough sites of target that the warm-up resolves them ahead of time.
	var b strings.Builder
	b.WriteString("import { target } from './one';\nexport function user(): number {\n  let n = 0;\n")
	for range 70 {
		b.WriteString("  n += target();\n")
	}
	b.WriteString("  return n;\n}\n")
	user := b.String()
	write("user.ts", user)
	store, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ix := &index.Indexer{Root: root, Store: store}
	if _, err := ix.IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	r := &resolve.Resolver{Store: store}
	if err := r.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	target := func(path string) fact.Symbol {
		syms, err := store.SymbolsInFile(ctx, path)
		if err != nil || len(syms) != 1 {
			t.Fatalf("%s: %v %v", path, syms, err)
		}
		return syms[0]
	}
	callers := func(path string) string {
		edges, err := r.Incoming(ctx, target(path))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range edges {
			out = append(out, fmt.Sprintf("%s×%d", e.Symbol.Name, len(e.Sites)))
		}
		return strings.Join(out, ",")
	}
	if got, want := callers("one.ts")+" | "+callers("two.ts"), "user×70 | "; got != want {
		t.Fatalf("before the edit: one | two = %q, want %q", got, want)
	}
	write("user.ts", strings.Replace(user, "'./one'", "'./two'", 1))
	if _, err := ix.IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := callers("one.ts")+" | "+callers("two.ts"), " | user×70"; got != want {
		t.Errorf("after the edit: one | two = %q, want %q", got, want)
	}
	if err := r.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	if got, want := callers("one.ts")+" | "+callers("two.ts"), " | user×70"; got != want {
		t.Errorf("after the edit and a warm-up: one | two = %q, want %q", got, want)
	}
}
