package resolve_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The first question about a JavaScript or TypeScript function of a
// generation looked for the names it is imported under (a default import,
// a barrel's re-export) in every file's imports: on medusa, 50-70 ms of the
// first ask for a component. The warm-up reads them ahead: after it, a
// request reads the files of the target and its importers, not all.
func TestWarmUpReadsTheImportsAhead(t *testing.T) {
	ctx := context.Background()
	const others = 40
	files := map[string]string{
		"package.json":   `{"name": "app"}`,
		"src/Detail.tsx": "export default function Detail() { return null }\n",
		"src/index.ts":   "import Detail from './Detail'\nexport default Detail\n",
		"src/page.tsx":   "import ProductDetail from './index'\nexport function Page() { return ProductDetail() }\n",
	}
	for i := range others {
		files[fmt.Sprintf("src/other%d.ts", i)] = fmt.Sprintf("export function other%d() { return %d }\n", i, i)
	}
	store := indexSources(t, files).Store.(*embedded.Store)
	syms, err := store.SymbolsByName(ctx, "Detail")
	if err != nil || len(syms) != 1 {
		t.Fatalf("Detail: %v %v", syms, err)
	}
	coldReads, coldCallers := askCountingReads(t, store, syms[0], false)
	warmReads, warmCallers := askCountingReads(t, store, syms[0], true)
	if fmt.Sprint(coldCallers) != "[Page]" || fmt.Sprint(warmCallers) != "[Page]" {
		t.Fatalf("callers of Detail: %v cold, %v warm; want Page, which calls it as ProductDetail", coldCallers, warmCallers)
	}
	if coldReads < others {
		t.Fatalf("without the warm-up the request read %d files; the test expects it to read every file's imports", coldReads)
	}
	if warmReads >= others {
		t.Errorf("after the warm-up the request read %d files (%d without it); want the few it needs", warmReads, coldReads)
	}
}

// askCountingReads asks a resolver over store for target's callers, after
// its warm-up if warm, and counts the files whose facts or symbols the ask
// (not the warm-up) read.
func askCountingReads(t *testing.T, store *embedded.Store, target fact.Symbol, warm bool) (int64, []string) {
	t.Helper()
	ctx := context.Background()
	counted := &readCounter{Store: store}
	r := &resolve.Resolver{Store: counted}
	if warm {
		if err := r.Warm(ctx); err != nil {
			t.Fatal(err)
		}
	}
	counted.reads.Store(0)
	edges, err := r.Incoming(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	var callers []string
	for _, e := range edges {
		callers = append(callers, e.Symbol.Name)
	}
	return counted.reads.Load(), callers
}

// readCounter is a store counting the files whose facts (File) or
// symbols (SymbolsInFile) it and its snapshots read.
type readCounter struct {
	*embedded.Store
	reads atomic.Int64
}

func (c *readCounter) Snapshot(ctx context.Context) (graph.Store, error) {
	snap, err := c.Store.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return countedSnapshot{snap, &c.reads}, nil
}

func (c *readCounter) File(ctx context.Context, path string) (fact.File, error) {
	c.reads.Add(1)
	return c.Store.File(ctx, path)
}

func (c *readCounter) SymbolsInFile(ctx context.Context, path string) ([]fact.Symbol, error) {
	c.reads.Add(1)
	return c.Store.SymbolsInFile(ctx, path)
}

type countedSnapshot struct {
	graph.Store
	reads *atomic.Int64
}

func (s countedSnapshot) Generation() int64 { return s.Store.(graph.Generational).Generation() }

func (s countedSnapshot) File(ctx context.Context, path string) (fact.File, error) {
	s.reads.Add(1)
	return s.Store.File(ctx, path)
}

func (s countedSnapshot) SymbolsInFile(ctx context.Context, path string) ([]fact.Symbol, error) {
	s.reads.Add(1)
	return s.Store.SymbolsInFile(ctx, path)
}
