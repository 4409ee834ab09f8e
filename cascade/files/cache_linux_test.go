//go:build linux

package files

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/treesitter"
)

// readAllFiles lists the source files c yields for root and loads each as the
// grep stage does: kept content where the watch or the file's stamp vouches
// for it, else a fresh read.
func readAllFiles(t *testing.T, c *Cache, root string, opts WalkOptions) map[string]string {
	t.Helper()
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	paths, watch, wait := c.Files(context.Background(), root, opts)
	out := map[string]string{}
	for f := range paths {
		if _, ok := treesitter.LanguageForPath(f.Rel); !ok {
			continue
		}
		w := watch
		if w != nil && !w.Covers(f.Rel) {
			w = nil
		}
		path := filepath.Join(root, filepath.FromSlash(f.Rel))
		_, content, err := c.Contents().Load(path, w, opts.MaxFileSize, nil, func([]byte) ([]byte, error) {
			return os.ReadFile(path)
		})
		if err != nil {
			t.Fatal(err)
		}
		out[f.Rel] = string(content)
	}
	if err := wait(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	writeTree(t, root, files)
	return root
}

// A file rewritten with the same size and then given back its old
// modification time is invisible to a check by times; the watch sees it.
func TestCacheWatchSeesRewriteWithSameTimes(t *testing.T) {
	root := writeFiles(t, map[string]string{"a.ts": "alpha();\n"})
	path := filepath.Join(root, "a.ts")
	when := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
	c := &Cache{}
	defer c.Close()
	readAllFiles(t, c, root, WalkOptions{}) // walks, and watches from here on
	if got := readAllFiles(t, c, root, WalkOptions{})["a.ts"]; got != "alpha();\n" {
		t.Fatalf("a.ts: %q", got)
	}
	if err := os.WriteFile(path, []byte("gamma();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
	if got := readAllFiles(t, c, root, WalkOptions{})["a.ts"]; got != "gamma();\n" {
		t.Errorf("a.ts after the rewrite: %q (stale kept content)", got)
	}
}

// A .gitignore edited in place, and .git/info/exclude, change the list at
// the next use, with no Invalidate and long before MaxAge.
func TestCacheWatchSeesIgnoreRules(t *testing.T) {
	root := writeFiles(t, map[string]string{
		".gitignore": "# nothing\n", ".git/info/exclude": "# nothing\n",
		"gen/a.ts": "emit();\n", "tmp/b.ts": "emit();\n",
	})
	c := &Cache{MaxAge: time.Hour}
	defer c.Close()
	listed := func() []string {
		t.Helper()
		return sortedKeys(readAllFiles(t, c, root, WalkOptions{}))
	}
	if diff := cmp.Diff([]string{"gen/a.ts", "tmp/b.ts"}, listed()); diff != "" {
		t.Fatalf("before (-want +got):\n%s", diff)
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
	if diff := cmp.Diff([]string{"tmp/b.ts"}, listed()); diff != "" {
		t.Errorf("after .gitignore names gen/ (-want +got):\n%s", diff)
	}
	rewrite(".git/info/exclude", "tmp/\n")
	if got := listed(); len(got) != 0 {
		t.Errorf("after info/exclude names tmp/: %v, want nothing", got)
	}
}

// A list walked for other settings replaces the root's earlier one, with
// its descriptor: settings changed many times do not pile up watches.
func TestCacheKeepsOneListPerRoot(t *testing.T) {
	root := writeFiles(t, map[string]string{"a.ts": "tick();\n", "gen/b.ts": "tick();\n"})
	c := &Cache{}
	defer c.Close()
	for i := range 5 {
		readAllFiles(t, c, root, WalkOptions{ExtraIgnores: []string{fmt.Sprintf("nothing%d/", i)}})
	}
	c.mu.Lock()
	n := len(c.lists)
	c.mu.Unlock()
	if n != 1 {
		t.Errorf("%d lists kept for one root, want 1", n)
	}
}

// Invalidate (the editor's reports of changed files) does not throw away a
// watched list, which has seen those changes.
func TestCacheWatchedListSurvivesInvalidate(t *testing.T) {
	root := writeFiles(t, map[string]string{"a.ts": "tick();\n"})
	c := &Cache{}
	defer c.Close()
	readAllFiles(t, c, root, WalkOptions{})
	if st, ok := c.State(root); !ok || !st.Watched || st.Files != 1 {
		t.Fatalf("state %+v %v, want a watched list of one file", st, ok)
	}
	if err := os.WriteFile(filepath.Join(root, "b.ts"), []byte("tick();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.Invalidate(root)
	if _, ok := c.State(root); !ok {
		t.Error("Invalidate dropped a watched list")
	}
	if diff := cmp.Diff([]string{"a.ts", "b.ts"}, sortedKeys(readAllFiles(t, c, root, WalkOptions{}))); diff != "" {
		t.Errorf("after b.ts was added (-want +got):\n%s", diff)
	}
}

func sortedKeys(m map[string]string) []string {
	return slices.Sorted(maps.Keys(m))
}
