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

// The first ask of a Go method a standard interface names (ClientError.Error,
// ResolveParam.String) looked for the workspace's interfaces that embed a
// type in every Go file's symbols: 230 ms of CPU on the 7,155-file SDK cut,
// past the graph stage's 150 ms on a loaded machine, so the answer said
// "timeout" with no caller. The warm-up reads them ahead: after it, the ask
// reads the symbols of a few files, not all.
func TestWarmUpReadsGoEmbeddingInterfacesAhead(t *testing.T) {
	ctx := context.Background()
	const others = 40
	files := map[string]string{
		"go.mod": "module example.com/app\n\ngo 1.22\n",
		"errs/errs.go": `package errs

type ClientError struct{ msg string }

func (e *ClientError) Error() string { return e.msg }

type Coded interface {
	error
	Code() int
}
`,
		"use/use.go": `package use

func Describe(err error) string { return err.Error() }
`,
	}
	for i := range others {
		files[fmt.Sprintf("pkg%d/p.go", i)] = fmt.Sprintf("package pkg%d\n\nfunc Other%d() int { return %d }\n", i, i, i)
	}
	store := indexSources(t, files).Store.(*embedded.Store)
	syms, err := store.SymbolsByName(ctx, "Error")
	if err != nil || len(syms) != 1 {
		t.Fatalf("Error: %v %v", syms, err)
	}
	ask := func(warm bool) (int64, []string) {
		counted := &symbolCounter{Store: store}
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
	if fmt.Sprint(coldCallers) != fmt.Sprint(warmCallers) {
		t.Fatalf("callers of ClientError.Error: %v cold, %v warm; want the same answer", coldCallers, warmCallers)
	}
	if coldReads < others {
		t.Fatalf("without the warm-up the request read %d files' symbols; the test expects it to read every Go file's", coldReads)
	}
	if warmReads >= others {
		t.Errorf("after the warm-up the request read %d files' symbols (%d without it); want the few it needs", warmReads, coldReads)
	}
}

// symbolCounter is a store counting the files whose symbols its snapshots read.
type symbolCounter struct {
	*embedded.Store
	reads atomic.Int64
}

func (c *symbolCounter) Snapshot(ctx context.Context) (graph.Store, error) {
	snap, err := c.Store.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return countedSymbols{snap, &c.reads}, nil
}

type countedSymbols struct {
	graph.Store
	reads *atomic.Int64
}

func (s countedSymbols) Generation() int64 { return s.Store.(graph.Generational).Generation() }

func (s countedSymbols) SymbolsInFile(ctx context.Context, path string) ([]fact.Symbol, error) {
	s.reads.Add(1)
	return s.Store.SymbolsInFile(ctx, path)
}

func (c *symbolCounter) SymbolsInFile(ctx context.Context, path string) ([]fact.Symbol, error) {
	c.reads.Add(1)
	return c.Store.SymbolsInFile(ctx, path)
}
