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
	ask := func(warm bool) (int64, []string) {
		counted := &fileCounter{Store: store}
		r := &resolve.Resolver{Store: counted}
		if warm {
			if err := r.Warm(ctx); err != nil {
				t.Fatal(err)
			}
		}
		counted.reads.Store(0)
		edges, err := r.Incoming(ctx, syms[0])
		if err != nil {
			t.Fatal(err)
		}
		var callers []string
		for _, e := range edges {
			callers = append(callers, e.Symbol.Name)
		}
		return counted.reads.Load(), callers
	}
	coldReads, coldCallers := ask(false)
	warmReads, warmCallers := ask(true)
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

// fileCounter is a store counting the files its snapshots read.
type fileCounter struct {
	*embedded.Store
	reads atomic.Int64
}

func (c *fileCounter) Snapshot(ctx context.Context) (graph.Store, error) {
	snap, err := c.Store.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return countedSnapshot{snap, &c.reads}, nil
}

func (c *fileCounter) File(ctx context.Context, path string) (fact.File, error) {
	c.reads.Add(1)
	return c.Store.File(ctx, path)
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
