package embedded

import (
	"context"
	"errors"
	"path/filepath"
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
