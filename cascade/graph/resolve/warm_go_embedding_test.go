package resolve_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/callcascade/callcascade/cascade/graph/embedded"
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
	coldReads, coldCallers := askCountingReads(t, store, syms[0], false)
	warmReads, warmCallers := askCountingReads(t, store, syms[0], true)
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
