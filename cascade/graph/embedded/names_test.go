package embedded

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// nameFile declares fn and calls callee once.
func nameFile(path, fn, callee string) fact.FileFacts {
	id := path + "#" + fn
	return fact.FileFacts{
		File:    fact.File{Path: path, Hash: fn + callee, Language: treesitter.TypeScript},
		Symbols: []fact.Symbol{{ID: id, Path: path, Name: fn, Kind: treesitter.KindFunction, Span: span(1, 0, 50)}},
		Calls:   []fact.Call{{Path: path, CallerID: id, Callee: callee, Span: span(2, 10, 6)}},
	}
}

// The names a process keeps in memory (which files call or declare a name)
// follow the writes of another process on the same store, and this
// process's own writes after those.
func TestNameLookupsFollowAnotherProcess(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{nameFile("a.ts", "alpha", "rare")}); err != nil {
		t.Fatal(err)
	}
	check := func(when string, callers, beta int) {
		t.Helper()
		calls, err := s.CallsByCallee(ctx, "rare")
		if err != nil {
			t.Fatal(err)
		}
		syms, err := s.SymbolsByName(ctx, "beta")
		if err != nil {
			t.Fatal(err)
		}
		if len(calls) != callers || len(syms) != beta {
			t.Errorf("%s: %d calls of rare, %d symbols named beta; want %d and %d", when, len(calls), len(syms), callers, beta)
		}
		if beta > 0 {
			if _, err := s.Symbol(ctx, "b.ts#beta"); err != nil {
				t.Errorf("%s: Symbol(b.ts#beta): %v", when, err)
			}
			if calls, err := s.CallsFrom(ctx, "b.ts#beta"); err != nil || len(calls) != 1 {
				t.Errorf("%s: CallsFrom(b.ts#beta) = %d calls, %v; want 1", when, len(calls), err)
			}
		}
	}
	check("before", 1, 0) // the names are in memory from here

	other, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := other.ReplaceFiles(ctx, []fact.FileFacts{nameFile("b.ts", "beta", "rare")}); err != nil {
		t.Fatal(err)
	}
	check("after another process wrote", 2, 1)

	// This process writes next: its index must not be the one from before
	// the other's write with this write applied on top.
	if err := other.ReplaceFiles(ctx, []fact.FileFacts{nameFile("c.ts", "gamma", "rare")}); err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{nameFile("d.ts", "delta", "other")}); err != nil {
		t.Fatal(err)
	}
	check("after both wrote", 3, 1)

	if err := other.DeleteFile(ctx, "b.ts"); err != nil {
		t.Fatal(err)
	}
	other.Close()
	check("after another process deleted a file", 2, 0)
	counts, err := s.CalleeCounts(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(counts) != "map[other:1 rare:2]" {
		t.Errorf("CalleeCounts = %v; want rare 2, other 1", counts)
	}
}

// Reads over many files decode each body in turn into one buffer: what
// they return must be each file's own, not the bytes of the body read
// after it.
func TestReadsAcrossFilesKeepEachFilesOwnFacts(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	const n = 40
	var batch []fact.FileFacts
	for i := range n {
		path := fmt.Sprintf("src/f%02d.ts", i)
		container := fmt.Sprintf("Container%02dWithALongerName", i)
		id := path + "#" + container + ".run"
		batch = append(batch, fact.FileFacts{
			File: fact.File{Path: path, Hash: path, Language: treesitter.TypeScript},
			Symbols: []fact.Symbol{{ID: id, Path: path, Name: "run", Kind: treesitter.KindMethod, Container: container, Span: span(1, 0, 500),
				Params: []treesitter.Param{{Name: fmt.Sprintf("param%02d", i), Type: "string"}}}},
			Calls: []fact.Call{{Path: path, CallerID: id, Callee: "go", Receiver: fmt.Sprintf("this.receiver%02d", i), Span: span(2, 10, 6),
				Args: []string{fmt.Sprintf("'argument-%02d'", i)}}},
		})
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		calls, err := s.CallsByCallee(ctx, "go")
		if err != nil {
			t.Fatal(err)
		}
		syms, err := s.SymbolsByName(ctx, "run")
		if err != nil {
			t.Fatal(err)
		}
		if len(calls) != n || len(syms) != n {
			t.Fatalf("%s: %d calls, %d symbols; want %d each", when, len(calls), len(syms), n)
		}
		for i := range n {
			want, c, sym := batch[i], calls[i], syms[i]
			if c.CallerID != want.Calls[0].CallerID || c.Receiver != want.Calls[0].Receiver || fmt.Sprint(c.Args) != fmt.Sprint(want.Calls[0].Args) || c.Callee != "go" {
				t.Errorf("%s: call %d = %+v; want %+v", when, i, c, want.Calls[0])
			}
			if sym.ID != want.Symbols[0].ID || sym.Container != want.Symbols[0].Container || fmt.Sprint(sym.Params) != fmt.Sprint(want.Symbols[0].Params) {
				t.Errorf("%s: symbol %d = %+v; want %+v", when, i, sym, want.Symbols[0])
			}
		}
	}
	check("read")
	if err := s.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	check("after Warm")
}
