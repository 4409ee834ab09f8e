//go:build linux

package files

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// holding lists, sorted, the files FilesHolding yields for name.
func holding(t *testing.T, c *Cache, root, name string) []string {
	t.Helper()
	paths, _, wait := c.FilesHolding(context.Background(), root, WalkOptions{MaxFileSize: DefaultMaxFileSize}, []byte(name))
	var out []string
	for f := range paths {
		out = append(out, f.Rel)
	}
	if err := wait(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// waitForWordIndex waits until the kept list of root has a word index for
// the kept contents as they are now (it is built in the background).
func waitForWordIndex(t *testing.T, c *Cache, root string) {
	t.Helper()
	for range 500 {
		c.mu.Lock()
		list := c.lists[listKey(root, WalkOptions{MaxFileSize: DefaultMaxFileSize})]
		c.mu.Unlock()
		if list != nil {
			if ix := list.words.index.Load(); ix != nil && ix.gen == c.kept.generation() {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("no word index was built")
}

// A search is fed the files that hold its name, and still sees a file
// changed or created since the index was built.
func TestFilesHoldingYieldsOnlyTheFilesOfTheName(t *testing.T) {
	root := writeFiles(t, map[string]string{
		"go.mod":   "module m\n",
		"a/a.go":   "package a\n\nfunc Alpha() {}\n",
		"b/b.go":   "package b\n\nfunc Beta() { Gamma() }\n",
		"c/c.go":   "package c // Alpha, in a comment\n",
		"d/img.go": "package d\n\x00\x01Alpha\x00",
	})
	c := &Cache{}
	defer c.Close()
	if got := holding(t, c, root, "Alpha"); len(got) != 5 {
		t.Fatalf("the first search (the walk) yields every file, got %v", got)
	}
	waitForWordIndex(t, c, root)
	for name, want := range map[string][]string{
		"Alpha": {"a/a.go", "c/c.go", "go.mod"}, // go.mod: not source, always yielded (its module path)
		"Gamma": {"b/b.go", "go.mod"},
		"Delta": {"go.mod"},
		"Alph":  {"go.mod"}, // not a whole word anywhere
	} {
		if got := holding(t, c, root, name); !slices.Equal(got, want) {
			t.Errorf("%s: yielded %v, want %v", name, got, want)
		}
	}

	// A change: the watch reports it, the index is out of date, and the
	// search reads every file again, the changed one included.
	if err := os.WriteFile(filepath.Join(root, "b/b.go"), []byte("package b\n\nfunc Beta() { Delta() }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := holding(t, c, root, "Delta"); !slices.Contains(got, "b/b.go") {
		t.Fatalf("Delta after b.go changed: yielded %v, without b/b.go", got)
	}
	waitForWordIndex(t, c, root)
	if got, want := holding(t, c, root, "Delta"), []string{"b/b.go", "go.mod"}; !slices.Equal(got, want) {
		t.Errorf("Delta once the index is rebuilt: %v, want %v", got, want)
	}
	if got, want := holding(t, c, root, "Gamma"), []string{"go.mod"}; !slices.Equal(got, want) {
		t.Errorf("Gamma, gone from b.go: %v, want %v", got, want)
	}

	// A new file: the list is walked again.
	if err := os.WriteFile(filepath.Join(root, "a/more.go"), []byte("package a\n\nfunc more() { Delta() }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := holding(t, c, root, "Delta"); !slices.Contains(got, "a/more.go") {
		t.Errorf("Delta after a/more.go was created: yielded %v, without it", got)
	}
}
