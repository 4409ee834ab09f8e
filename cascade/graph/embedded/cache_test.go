package embedded

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// callerFile is file i calling get n times (and once something else).
func callerFile(i, n int) fact.FileFacts {
	path := fmt.Sprintf("src/caller%03d.ts", i)
	ff := fact.FileFacts{File: fact.File{Path: path, Hash: fmt.Sprintf("%d-%d", i, n), Language: treesitter.TypeScript}}
	for k := range n {
		ff.Calls = append(ff.Calls, fact.Call{Path: path, Callee: "get", Receiver: "this.cache", Span: span(uint32(k), uint32(k*20), 3), Args: []string{"'key'"}})
	}
	ff.Calls = append(ff.Calls, fact.Call{Path: path, Callee: "set", Span: span(99, 2000, 3)})
	return ff
}

// sitesOf are the path:line of each call, as a user would see them.
func sitesOf(calls []fact.Call) []string {
	var out []string
	for _, c := range calls {
		out = append(out, fmt.Sprintf("%s:%d", c.Path, c.Span.Start.Line))
	}
	return out
}

func wantSites(files map[int]int) []string {
	var out []string
	for i := range 1000 {
		for k := range files[i] {
			out = append(out, fmt.Sprintf("src/caller%03d.ts:%d", i, k))
		}
	}
	return out
}

// TestCallsOfCommonNameFollowWrites: the call sites of a name with many of
// them (which the store keeps in memory between requests) are always those
// stored, whichever write changed them: a file that stops calling it, one
// that calls it more, a new file, a deleted one, and a write by another
// process on the same store.
func TestCallsOfCommonNameFollowWrites(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	want := map[int]int{}
	var batch []fact.FileFacts
	for i := range 100 {
		batch = append(batch, callerFile(i, 1))
		want[i] = 1
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	check := func(step string) {
		t.Helper()
		for range 2 { // the second read may come from memory
			calls, err := s.CallsByCallee(ctx, "get")
			if err != nil {
				t.Fatalf("%s: %v", step, err)
			}
			if diff := cmp.Diff(wantSites(want), sitesOf(calls)); diff != "" {
				t.Fatalf("%s: calls of get (-want +got):\n%s", step, diff)
			}
			_ = append(calls, fact.Call{Path: "appended/by/a/caller.ts"}) // must not reach the store's copy
		}
	}
	check("after the first write")

	if err := s.ReplaceFiles(ctx, []fact.FileFacts{callerFile(0, 0)}); err != nil {
		t.Fatal(err)
	}
	delete(want, 0)
	check("after a file stopped calling it")

	if err := s.ReplaceFiles(ctx, []fact.FileFacts{callerFile(5, 3)}); err != nil {
		t.Fatal(err)
	}
	want[5] = 3
	check("after a file called it more")

	if err := s.ReplaceFiles(ctx, []fact.FileFacts{callerFile(200, 2)}); err != nil {
		t.Fatal(err)
	}
	want[200] = 2
	check("after a new file")

	if err := s.DeleteFile(ctx, callerFile(1, 1).File.Path); err != nil {
		t.Fatal(err)
	}
	delete(want, 1)
	check("after a deleted file")

	other, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := other.ReplaceFiles(ctx, []fact.FileFacts{callerFile(300, 1), callerFile(2, 0)}); err != nil {
		t.Fatal(err)
	}
	if err := other.Close(); err != nil {
		t.Fatal(err)
	}
	want[300] = 1
	delete(want, 2)
	check("after another process wrote")

	if err := s.ReplaceFiles(ctx, []fact.FileFacts{callerFile(7, 0)}); err != nil {
		t.Fatal(err)
	}
	delete(want, 7)
	check("after this process wrote again")
}

// A workspace whose common names have more call sites than the fixed
// bound keeps them all: a Django application's 140,000 sites of 378 names
// were read again from their stored bodies on each request.
func TestCallCacheFitsTheWorkspace(t *testing.T) {
	sites := func(name string, n int) []fact.Call {
		calls := make([]fact.Call, n)
		for i := range calls {
			calls[i] = fact.Call{Callee: name, Path: fmt.Sprintf("%s/%d.py", name, i)}
		}
		return calls
	}
	fill := func(c *callCache) (kept int) {
		for i := range 10 {
			c.put(fmt.Sprintf("name%d", i), 1, sites(fmt.Sprintf("name%d", i), 12_000))
		}
		for i := range 10 {
			if _, ok := c.get(fmt.Sprintf("name%d", i), 1); ok {
				kept++
			}
		}
		return kept
	}
	var fixed callCache
	if got := fill(&fixed); got >= 10 {
		t.Fatalf("a cache not fitted kept all %d names of 120,000 sites, past its bound of %d", got, callCacheMaxRows)
	}
	var fitted callCache
	fitted.fit(120_000)
	if got := fill(&fitted); got != 10 {
		t.Errorf("a cache fitted to 120,000 sites kept %d of 10 names", got)
	}
	if !fitted.caches(20_000) || fixed.caches(20_000) {
		t.Errorf("a name of 20,000 sites: fitted caches it %v (want true), fixed %v (want false)", fitted.caches(20_000), fixed.caches(20_000))
	}
}
