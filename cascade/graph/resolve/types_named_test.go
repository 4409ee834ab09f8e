package resolve_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// In generated code a type name is declared in hundreds of packages (every
// service of an SDK has its Client); a Go file naming the type without a
// qualifier means its own package's. Each package's method is called from
// its own package only (three times: 72 sites, enough for the warm-up to
// resolve them ahead), with and without the warm-up.
func TestGoTypeOfManyPackagesResolvesToTheOwnPackage(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/sdk\n\ngo 1.22\n")
	const packages = 24
	for i := range packages {
		write(fmt.Sprintf("services/p%02d/client.go", i), fmt.Sprintf(
			"package p%02d\n\ntype Client struct{}\n\nfunc (c *Client) Send() {}\n", i))
		write(fmt.Sprintf("services/p%02d/use.go", i), fmt.Sprintf(
			"package p%02d\n\nfunc Use%02d() {\n\tvar c Client\n\tc.Send()\n\tc.Send()\n\tc.Send()\n}\n", i, i))
	}
	store, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := (&index.Indexer{Root: root, Store: store}).IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	sends, err := store.SymbolsByName(ctx, "Send")
	if err != nil || len(sends) != packages {
		t.Fatalf("Send: %d symbols, %v; want %d", len(sends), err, packages)
	}
	check := func(when string, r *resolve.Resolver) {
		for _, s := range sends {
			edges, err := r.Incoming(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range edges {
				got = append(got, e.Symbol.ID)
			}
			want := filepath.ToSlash(filepath.Join(filepath.Dir(s.Path), "use.go")) + "#Use" + s.Path[len("services/p"):len("services/p")+2]
			if len(got) != 1 || got[0] != want || edges[0].Resolution != fact.ResolvedAST || len(edges[0].Sites) != 3 {
				t.Errorf("%s: callers of %s = %v, want [%s] resolved by the AST", when, s.ID, got, want)
			}
		}
	}
	check("on request", &resolve.Resolver{Store: store})
	warmed := &resolve.Resolver{Store: store}
	if err := warmed.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	check("after the warm-up", warmed)
}
