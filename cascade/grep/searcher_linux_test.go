//go:build linux

package grep

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func countSites(t *testing.T, s *Searcher, root, name string) int {
	t.Helper()
	r, err := s.Search(context.Background(), Query{Name: name, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	return r.Total
}

// A file rewritten with the same size and then given back its old
// modification time is invisible to a check by times; the watch sees it.
func TestSearcherWatchSeesRewriteWithSameTimes(t *testing.T) {
	root := writeTree(t, map[string]string{"a.ts": "export function f() { return alpha(); }\n"})
	path := filepath.Join(root, "a.ts")
	when := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
	s := &Searcher{}
	defer s.Close()
	countSites(t, s, root, "alpha") // walks, and watches from here on
	if n := countSites(t, s, root, "alpha"); n != 1 {
		t.Fatalf("alpha: %d sites, want 1", n)
	}
	if err := os.WriteFile(path, []byte("export function f() { return gamma(); }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
	if n := countSites(t, s, root, "alpha"); n != 0 {
		t.Errorf("alpha after the rewrite: %d sites, want 0 (stale kept content)", n)
	}
	if n := countSites(t, s, root, "gamma"); n != 1 {
		t.Errorf("gamma after the rewrite: %d sites, want 1", n)
	}
}

// A .gitignore edited in place, and .git/info/exclude, take effect at the
// next search, with no Invalidate and long before MaxAge.
func TestSearcherWatchSeesIgnoreRules(t *testing.T) {
	root := writeTree(t, map[string]string{
		".gitignore": "# nothing\n", ".git/info/exclude": "# nothing\n",
		"gen/a.ts": "emit();\n", "tmp/b.ts": "emit();\n",
	})
	s := &Searcher{MaxAge: time.Hour}
	defer s.Close()
	if n := countSites(t, s, root, "emit"); n != 2 {
		t.Fatalf("before: %d sites, want 2", n)
	}
	rewrite := func(rel, content string) {
		t.Helper()
		f, err := os.OpenFile(filepath.Join(root, filepath.FromSlash(rel)), os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(content); err != nil {
			t.Fatal(err)
		}
	}
	rewrite(".gitignore", "gen/\n")
	if n := countSites(t, s, root, "emit"); n != 1 {
		t.Errorf("after .gitignore names gen/: %d sites, want 1", n)
	}
	rewrite(".git/info/exclude", "tmp/\n")
	if n := countSites(t, s, root, "emit"); n != 0 {
		t.Errorf("after info/exclude names tmp/: %d sites, want 0", n)
	}
}

// A file the walk left out for its size is searched once it shrinks under
// the limit, although no directory entry changed.
func TestSearcherWatchSeesFileShrinkUnderLimit(t *testing.T) {
	big := make([]byte, 300)
	for i := range big {
		big[i] = ' '
	}
	root := writeTree(t, map[string]string{"a.ts": "beta();\n" + string(big)})
	s := &Searcher{MaxAge: time.Hour}
	defer s.Close()
	q := Query{Name: "beta", Root: root}
	q.Walk.MaxFileSize = 100
	search := func() int {
		t.Helper()
		r, err := s.Search(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		return r.Total
	}
	if n := search(); n != 0 {
		t.Fatalf("over the limit: %d sites, want 0", n)
	}
	if err := os.WriteFile(filepath.Join(root, "a.ts"), []byte("beta();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := search(); n != 1 {
		t.Errorf("after shrinking under the limit: %d sites, want 1", n)
	}
}

// Close gives back every inotify descriptor, and so does a list dropped
// because it went stale: an editor session re-walks many times.
func TestSearcherWatchReleasesDescriptors(t *testing.T) {
	openFDs := func() int {
		t.Helper()
		entries, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd:", err)
		}
		return len(entries)
	}
	root := writeTree(t, map[string]string{"a.ts": "tick();\n"})
	before := openFDs()
	s := &Searcher{}
	for i := range 20 {
		countSites(t, s, root, "tick")
		// A new file: the list is stale, dropped and walked again.
		if err := os.WriteFile(filepath.Join(root, "n"+string(rune('a'+i))+".ts"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if n := countSites(t, s, root, "tick"); n != 1 {
		t.Errorf("tick: %d sites, want 1", n)
	}
	during := openFDs()
	s.Close()
	after := openFDs()
	if during > before+2 || after > before {
		t.Errorf("descriptors: %d before, %d after 20 re-walks, %d after Close", before, during, after)
	}
}

// A file reached through a symlinked directory inside the workspace lives
// in a directory the watch does not know by that name: it is checked by
// its times, so an edit made through the real path is still seen there.
func TestSearcherWatchChecksFilesBehindSymlinkedDirectories(t *testing.T) {
	// real/ is ignored, so the walk reaches the file only as link/a.ts.
	root := writeTree(t, map[string]string{".gitignore": "real/\n", "real/a.ts": "export function f() { return alpha(); }\n"})
	if err := os.Symlink("real", filepath.Join(root, "link")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	s := &Searcher{}
	defer s.Close()
	paths := func(name string) []string {
		t.Helper()
		r, err := s.Search(context.Background(), Query{Name: name, Root: root})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range r.Matches {
			out = append(out, m.Path)
		}
		return out
	}
	paths("alpha") // walks, and watches from here on
	before := paths("alpha")
	if len(before) != 1 || before[0] != "link/a.ts" {
		t.Fatalf("alpha found in %v, want link/a.ts", before)
	}
	later := time.Now().Add(time.Second)
	real := filepath.Join(root, "real", "a.ts")
	if err := os.WriteFile(real, []byte("export function f() { return gamma(); }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(real, later, later); err != nil {
		t.Fatal(err)
	}
	if got := paths("alpha"); len(got) != 0 {
		t.Errorf("alpha after the edit: found in %v, want nowhere", got)
	}
	if got := paths("gamma"); len(got) != len(before) {
		t.Errorf("gamma after the edit: found in %v, want as many files as alpha was in (%v)", got, before)
	}
}

// The editor's reports of changed files (Invalidate) do not throw away a
// watched list, which has seen those changes: the search after a save is
// complete, not cut short by a walk.
func TestSearcherWatchedListSurvivesInvalidate(t *testing.T) {
	root := writeTree(t, map[string]string{"a.ts": "tick();\n"})
	s := &Searcher{}
	defer s.Close()
	countSites(t, s, root, "tick")
	if st, ok := s.State(root); !ok || !st.Watched {
		t.Fatalf("state %+v %v, want a watched list", st, ok)
	}
	if err := os.WriteFile(filepath.Join(root, "b.ts"), []byte("tick();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Invalidate(root)
	if _, ok := s.State(root); !ok {
		t.Error("Invalidate dropped a watched list")
	}
	if n := countSites(t, s, root, "tick"); n != 2 {
		t.Errorf("tick after b.ts was added: %d sites, want 2", n)
	}
}
