package embedded

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/treesitter"
)

// declaring is a file declaring one function named name, with the import
// given (so that a change shows in File as well as in the symbols).
func declaring(path, name, imported string) fact.FileFacts {
	id := path + "#" + name
	return fact.FileFacts{
		File:    fact.File{Path: path, Hash: name + imported, Language: treesitter.TypeScript, Imports: []treesitter.Import{{Module: imported, Local: imported, Imported: imported}}},
		Symbols: []fact.Symbol{{ID: id, Path: path, Name: name, Kind: treesitter.KindFunction, Language: treesitter.TypeScript}},
	}
}

// What a snapshot serves from memory is always what is stored when the
// request starts: after a write of this process, after one of another
// process, and for a symbol that was missing and then appears; whether
// the reads were kept one by one or all loaded by Warm (after which what
// is not kept is taken as not stored).
func TestSnapshotsFollowWrites(t *testing.T) {
	t.Run("kept by requests", func(t *testing.T) { testSnapshotsFollowWrites(t, false) })
	t.Run("warmed", func(t *testing.T) { testSnapshotsFollowWrites(t, true) })
}

func testSnapshotsFollowWrites(t *testing.T, warm bool) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{declaring("a.ts", "alpha", "one")}); err != nil {
		t.Fatal(err)
	}
	// check reads twice per request (the second read from memory) and in
	// two requests.
	check := func(step, wantName, wantImport string, wantBeta bool) {
		t.Helper()
		if warm {
			if err := s.Warm(ctx); err != nil {
				t.Fatal(err)
			}
		}
		for range 2 {
			snap, err := s.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				f, err := snap.File(ctx, "a.ts")
				if err != nil {
					t.Fatalf("%s: %v", step, err)
				}
				if len(f.Imports) != 1 || f.Imports[0].Module != wantImport {
					t.Fatalf("%s: imports %+v, want %q", step, f.Imports, wantImport)
				}
				f.Imports[0].Module = "changed by a caller" // must not reach the kept copy
				syms, err := snap.SymbolsByName(ctx, wantName)
				if err != nil || len(syms) != 1 || syms[0].Path != "a.ts" {
					t.Fatalf("%s: symbols named %s: %+v %v", step, wantName, syms, err)
				}
				_, err = snap.Symbol(ctx, "b.ts#beta")
				if found := err == nil; found != wantBeta {
					t.Fatalf("%s: b.ts#beta found %v, want %v (%v)", step, found, wantBeta, err)
				}
				if !wantBeta && !errors.Is(err, graph.ErrNotFound) {
					t.Fatalf("%s: b.ts#beta: %v, want not found", step, err)
				}
			}
		}
	}
	check("first", "alpha", "one", false)
	if warm {
		// Warmed, then written: the next requests must not trust the load.
		if err := s.ReplaceFiles(ctx, []fact.FileFacts{declaring("b.ts", "beta", "x")}); err != nil {
			t.Fatal(err)
		}
		snap, err := s.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := snap.Symbol(ctx, "b.ts#beta"); err != nil {
			t.Fatalf("a symbol written after Warm: %v", err)
		}
		if err := s.DeleteFile(ctx, "b.ts"); err != nil {
			t.Fatal(err)
		}
	}

	if err := s.ReplaceFiles(ctx, []fact.FileFacts{declaring("a.ts", "alpha", "two")}); err != nil {
		t.Fatal(err)
	}
	check("after this process rewrote a.ts", "alpha", "two", false)

	other, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := other.ReplaceFiles(ctx, []fact.FileFacts{declaring("a.ts", "gamma", "three"), declaring("b.ts", "beta", "x")}); err != nil {
		t.Fatal(err)
	}
	if err := other.Close(); err != nil {
		t.Fatal(err)
	}
	check("after another process wrote", "gamma", "three", true)
}

// An edit (this process's write of one file) keeps what the snapshots hold
// of every other file, so the request after it reads only the edited file
// again; a write by another process drops everything.
func TestSnapshotsKeepUntouchedFilesAcrossWrites(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{declaring("a.ts", "alpha", "one"), declaring("b.ts", "beta", "x")}); err != nil {
		t.Fatal(err)
	}
	if err := s.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	kept := func(p string) bool {
		s.kept.mu.Lock()
		defer s.kept.mu.Unlock()
		_, ok := s.kept.files[p]
		return ok
	}
	if !kept("a.ts") || !kept("b.ts") {
		t.Fatal("Warm kept neither file")
	}
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{declaring("a.ts", "alpha", "two")}); err != nil {
		t.Fatal(err)
	}
	if kept("a.ts") || !kept("b.ts") {
		t.Errorf("after an edit of a.ts: a.ts kept %v (want false), b.ts kept %v (want true)", kept("a.ts"), kept("b.ts"))
	}
	snap, err := s.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if f, err := snap.File(ctx, "a.ts"); err != nil || f.Imports[0].Module != "two" {
		t.Errorf("a.ts after the edit: %+v, %v", f.Imports, err)
	}
	if syms, err := snap.SymbolsByName(ctx, "alpha"); err != nil || len(syms) != 1 {
		t.Errorf("alpha after the edit: %+v, %v", syms, err)
	}

	other, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := other.ReplaceFiles(ctx, []fact.FileFacts{declaring("c.ts", "gamma", "y")}); err != nil {
		t.Fatal(err)
	}
	other.Close()
	if _, err := s.Snapshot(ctx); err != nil {
		t.Fatal(err)
	}
	if kept("b.ts") {
		t.Error("b.ts still kept after another process wrote")
	}
}

// A workspace of more files than the fixed bound serves keeps its reads:
// the warm-up of a 36,000-file SDK dropped them again and again, and read
// each caller's symbol from the store once per call site.
func TestReadCacheFitsTheWorkspace(t *testing.T) {
	fill := func(c *readCache, n int) (resets int) {
		c.reset(1)
		for i := 0; i < n; i++ {
			before := c.entries
			if !c.room(1) {
				t.Fatal("room refused an entry of the cache's own generation")
			}
			if c.entries <= before {
				resets++
			}
		}
		return resets
	}
	var fixed readCache
	if got := fill(&fixed, 3*snapshotMaxEntries/2); got != 1 {
		t.Errorf("a cache not fitted dropped its reads %d times past the bound, want 1", got)
	}
	var fitted readCache
	fitted.fit(36_000)
	if got := fill(&fitted, 3*snapshotMaxEntries/2); got != 0 {
		t.Errorf("a cache fitted to 36,000 files dropped its reads %d times, want none", got)
	}
	var small readCache
	small.fit(100) // a small workspace keeps the fixed bound, not a smaller one
	if got := fill(&small, snapshotMaxEntries-1); got != 0 {
		t.Errorf("a cache fitted to 100 files dropped its reads %d times under the fixed bound", got)
	}
}

// What Warm loads in bulk is what the store reads one by one: the files,
// each symbol by ID (the first file to declare an ID, in path order, when
// two do) and each name's symbols in path and source order.
func TestWarmedReadsAgreeWithTheStore(t *testing.T) {
	ctx := context.Background()
	s, err := Open(filepath.Join(t.TempDir(), "graph.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sym := func(path, id, name string, line uint32) fact.Symbol {
		return fact.Symbol{ID: id, Path: path, Name: name, Kind: treesitter.KindFunction, Language: treesitter.TypeScript,
			Span: treesitter.Span{Start: treesitter.Position{Line: line}, End: treesitter.Position{Line: line + 1}}}
	}
	files := []fact.FileFacts{
		// Written out of path order, names out of source order.
		{File: fact.File{Path: "z.ts", Hash: "z", Language: treesitter.TypeScript}, Symbols: []fact.Symbol{
			sym("z.ts", "z.ts#save", "save", 9), sym("z.ts", "z.ts#get", "get", 2), sym("z.ts", "shared#get", "get", 5)}},
		{File: fact.File{Path: "a.ts", Hash: "a", Language: treesitter.TypeScript, Imports: []treesitter.Import{{Module: "m", Local: "m"}}}, Symbols: []fact.Symbol{
			sym("a.ts", "a.ts#get", "get", 7), sym("a.ts", "shared#get", "get", 1), sym("a.ts", "a.ts#alpha", "alpha", 3)}},
		{File: fact.File{Path: "m/b.ts", Hash: "b", Language: treesitter.TypeScript}, Symbols: []fact.Symbol{
			sym("m/b.ts", "m/b.ts#save", "save", 1), sym("m/b.ts", "m/b.ts#get", "get", 4)}},
	}
	if err := s.ReplaceFiles(ctx, files); err != nil {
		t.Fatal(err)
	}
	type reads struct {
		byName map[string][]fact.Symbol
		byID   map[string]fact.Symbol
		files  map[string]fact.File
	}
	read := func(r interface {
		File(context.Context, string) (fact.File, error)
		Symbol(context.Context, string) (fact.Symbol, error)
		SymbolsByName(context.Context, string) ([]fact.Symbol, error)
	}) reads {
		t.Helper()
		got := reads{map[string][]fact.Symbol{}, map[string]fact.Symbol{}, map[string]fact.File{}}
		for _, n := range []string{"get", "save", "alpha", "missing"} {
			syms, err := r.SymbolsByName(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			got.byName[n] = syms
		}
		for _, id := range []string{"z.ts#save", "z.ts#get", "shared#get", "a.ts#get", "a.ts#alpha", "m/b.ts#save", "m/b.ts#get"} {
			sym, err := r.Symbol(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			got.byID[id] = sym
		}
		for _, p := range []string{"a.ts", "m/b.ts", "z.ts"} {
			f, err := r.File(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			got.files[p] = f
		}
		return got
	}
	want := read(s)
	if err := s.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	if !s.kept.complete {
		t.Fatal("Warm did not load the store")
	}
	snap, err := s.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := read(snap.(*snapshot))
	for n := range want.byName {
		if !reflect.DeepEqual(got.byName[n], want.byName[n]) {
			t.Errorf("symbols named %s, warmed:\n%+v\nread from the store:\n%+v", n, got.byName[n], want.byName[n])
		}
	}
	for id := range want.byID {
		if !reflect.DeepEqual(got.byID[id], want.byID[id]) {
			t.Errorf("symbol %s, warmed:\n%+v\nread from the store:\n%+v", id, got.byID[id], want.byID[id])
		}
	}
	for p := range want.files {
		if !reflect.DeepEqual(got.files[p], want.files[p]) {
			t.Errorf("file %s, warmed:\n%+v\nread from the store:\n%+v", p, got.files[p], want.files[p])
		}
	}
	if gets := got.byName["get"]; len(gets) != 5 || gets[0].Path != "a.ts" || gets[0].Span.Start.Line != 7 || gets[4].Path != "z.ts" {
		t.Fatalf("symbols named get, not in path and source order: %+v", gets)
	}
	if _, err := snap.Symbol(ctx, "nowhere#x"); !errors.Is(err, graph.ErrNotFound) {
		t.Fatalf("a symbol not stored: %v, want not found", err)
	}
}

// A store of more files than a fixed bound once allowed (25,000) is still
// loaded whole by Warm: left to fill request by request, the warm-up of a
// 36,000-file SDK read each call site's caller from its stored body and
// took twice the CPU per site of a 7,000-file one.
func TestWarmLoadsALargeStore(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 25,001 files")
	}
	ctx := context.Background()
	s, err := Open(filepath.Join(t.TempDir(), "graph.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const n = snapshotMaxEntries/4 + 1
	batch := make([]fact.FileFacts, 0, 5000)
	for i := range n {
		batch = append(batch, declaring(fmt.Sprintf("pkg%d/f%d.ts", i/100, i), fmt.Sprintf("f%d", i), "m"))
		if len(batch) == cap(batch) || i == n-1 {
			if err := s.ReplaceFiles(ctx, batch); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if err := s.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	if !s.kept.complete || len(s.kept.files) != n || len(s.kept.symbols) != n {
		t.Fatalf("Warm kept %d files and %d symbols of %d (complete %v)", len(s.kept.files), len(s.kept.symbols), n, s.kept.complete)
	}
}

// Warm keeps the files it read in bulk before it reads the bodies, so that
// a request made meanwhile finds them: those of its generation only, and
// never in place of what a request already read.
func TestWarmKeepsItsFilesBeforeTheBodies(t *testing.T) {
	var c readCache
	c.reset(2)
	c.files["a.ts"] = fact.File{Path: "a.ts", Language: "tsx"} // a request's read
	c.entries = 1
	bulk := map[string]fact.File{"a.ts": {Path: "a.ts", Language: "typescript"}, "b.ts": {Path: "b.ts", Language: "typescript"}}
	c.keepFiles(1, bulk) // stale: a request has seen generation 2
	if _, ok := c.files["b.ts"]; ok || c.generation != 2 {
		t.Fatalf("a bulk read of generation 1 was kept in the cache of generation 2")
	}
	c.keepFiles(2, bulk)
	if f, ok := c.files["b.ts"]; !ok || f.Language != "typescript" {
		t.Errorf("b.ts not kept from the bulk read: %+v", c.files)
	}
	if c.files["a.ts"].Language != "tsx" || c.entries != 2 {
		t.Errorf("keepFiles replaced a request's read or miscounted: %+v, %d entries", c.files["a.ts"], c.entries)
	}
	if c.complete {
		t.Error("files alone made the cache complete: a symbol not kept would read as absent")
	}
	c.keepFiles(3, bulk) // a later generation moves the cache on
	if c.generation != 3 || len(c.files) != 2 || c.files["a.ts"].Language != "typescript" {
		t.Errorf("keepFiles at a later generation: generation %d, files %+v", c.generation, c.files)
	}
}
