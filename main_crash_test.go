package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
)

// crashFiles is how many files the workspace that `callcascade index` is
// killed over has: enough for an index pass of many write batches and a
// full-text build of several chunks.
const crashFiles = 600

// crashSource is version v of file i: functions that each call target
// twice and hold a string literal naming the file and version, so that
// what the store holds of a file tells which version it is and whether it
// is whole.
func crashSource(i, v, nfn int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "import { target } from './target';\n\n")
	for k := range nfn {
		fmt.Fprintf(&b, "export function crash%dF%dV%d(): string {\n  target(%d);\n  target('x');\n  return 'crashlitF%dV%d';\n}\n\n", i, k, v, k, i, v)
	}
	return b.String()
}

type crashVersion struct{ version, functions int }

// TestIndexKilledAnywhereLeavesAUsableStore kills the real `callcascade
// index` at random points of its writes (the facts of an index pass over
// changed files, then the full-text build the command runs after it), and
// checks each time that the store opens without being rebuilt, holds every
// file whole at one of the versions written, and answers callers and
// keyword queries.
func TestIndexKilledAnywhereLeavesAUsableStore(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a workspace many times")
	}
	root := t.TempDir()
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache) // embedded.DefaultPath, here and in the binary
	rng := rand.New(rand.NewPCG(7, uint64(time.Now().UnixNano())))
	written := map[string]map[string]crashVersion{} // path → content hash → version
	write := func(i, v int) {
		nfn := 1 + rng.IntN(6)
		src := crashSource(i, v, nfn)
		rel := fmt.Sprintf("src/m%02d/f%04d.ts", i%30, i)
		abs := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if written[rel] == nil {
			written[rel] = map[string]crashVersion{}
		}
		written[rel][fact.HashContent([]byte(src))] = crashVersion{v, nfn}
	}
	if err := os.WriteFile(filepath.Join(root, "target.ts"), []byte("export function target(x: unknown): void {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	written["target.ts"] = nil
	for i := range crashFiles {
		write(i, 0)
	}
	index := func() *exec.Cmd {
		cmd := exec.Command(binary, "index", root)
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
		return cmd
	}
	if out, err := index().CombinedOutput(); err != nil {
		t.Fatalf("index: %v\n%s", err, out)
	}
	// A third of the files change (some gain functions, some lose them),
	// so a pass replaces stored files and their search rows.
	change := func(v int) {
		for i := range crashFiles {
			if rng.IntN(3) == 0 {
				write(i, v)
			}
		}
	}
	// One such pass whole, timed: the kills land within one.
	change(1)
	start := time.Now()
	if out, err := index().CombinedOutput(); err != nil {
		t.Fatalf("index: %v\n%s", err, out)
	}
	full := time.Since(start)

	for round := range 8 {
		change(round + 2)
		cmd := index()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		after := time.Duration(rng.Int64N(int64(full) * 3 / 4))
		time.Sleep(after)
		cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		t.Logf("round %d: killed %v into a pass that takes about %v (%v)", round, after, full, err)
		checkStoreAfterKill(t, root, written)
	}
}

// checkStoreAfterKill opens the store the killed index wrote and checks
// every file is whole, the call sites of target are those of the stored
// versions, and the search answers for every stored literal once built.
func checkStoreAfterKill(t *testing.T, root string, written map[string]map[string]crashVersion) {
	t.Helper()
	ctx := context.Background()
	path, err := embedded.DefaultPath(root)
	if err != nil {
		t.Fatal(err)
	}
	s, err := embedded.Open(path, embedded.Options{})
	if err != nil {
		t.Fatalf("open after the kill: %v", err)
	}
	defer s.Close()
	if s.Rebuilt() {
		t.Fatal("the store was rebuilt after the kill: a killed index must leave a usable store")
	}
	files, err := s.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(written) {
		t.Errorf("the store lists %d files, the workspace has %d", len(files), len(written))
	}
	wantSites, wantLiterals := 0, 0
	for _, f := range files {
		if f.Path == "target.ts" {
			continue
		}
		v, ok := written[f.Path][f.Hash]
		if !ok {
			t.Errorf("%s: stored hash %s is of no version written", f.Path, f.Hash)
			continue
		}
		syms, err := s.SymbolsInFile(ctx, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		if len(syms) != v.functions {
			t.Errorf("%s (version %d): %d symbols, want %d", f.Path, v.version, len(syms), v.functions)
			continue
		}
		for _, sym := range syms {
			if !strings.HasSuffix(sym.Name, fmt.Sprintf("V%d", v.version)) {
				t.Errorf("%s (version %d) holds %s of another version", f.Path, v.version, sym.Name)
			}
			calls, err := s.CallsFrom(ctx, sym.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(calls) != 2 {
				t.Errorf("%s: %d calls, want 2", sym.ID, len(calls))
			}
		}
		wantSites += 2 * v.functions
		wantLiterals += v.functions
	}
	sites, err := s.CallsByCallee(ctx, "target")
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) != wantSites {
		t.Errorf("CallsByCallee(target) = %d sites, the stored files make %d", len(sites), wantSites)
	}
	// The keyword stage's search: built now if the kill stopped it, then
	// every stored version's literal is found, and none of another.
	hits, err := s.Search(ctx, "crashlit", 100000)
	if err != nil {
		t.Fatalf("Search after the kill: %v", err)
	}
	literals := 0
	for _, h := range hits {
		if h.Kind != "literal" {
			continue
		}
		literals++
		var i, v int
		if _, err := fmt.Sscanf(h.Text, "crashlitF%dV%d", &i, &v); err != nil {
			t.Errorf("search hit %q: %v", h.Text, err)
			continue
		}
		var stored *fact.File
		for k := range files {
			if files[k].Path == h.Path {
				stored = &files[k]
			}
		}
		if stored == nil || written[h.Path][stored.Hash].version != v {
			t.Errorf("search hit %q in %s is not of the stored version", h.Text, h.Path)
		}
	}
	if literals != wantLiterals {
		t.Errorf("Search(crashlit) = %d literals, the stored files hold %d", literals, wantLiterals)
	}
}
