package grep

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A Searcher keeps file contents between searches; a file rewritten in
// place (its directory untouched, its size the same) must be read again.
func TestSearcherSeesFilesChangedInPlace(t *testing.T) {
	inBothModes(t, testSearcherSeesFilesChangedInPlace)
}

func testSearcherSeesFilesChangedInPlace(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "a.ts")
	write := func(body string, when time.Time) {
		t.Helper()
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, when, when); err != nil {
			t.Fatal(err)
		}
	}
	base := time.Now().Add(-time.Hour)
	write("export function f() { return alpha(); }\n", base)
	s := &Searcher{}
	defer s.Close()
	count := func(name string) int {
		t.Helper()
		r, err := s.Search(context.Background(), Query{Name: name, Root: root})
		if err != nil {
			t.Fatal(err)
		}
		return r.Total
	}
	if n := count("alpha"); n != 1 {
		t.Fatalf("alpha: %d sites, want 1", n)
	}
	// Same length, same directory, a newer modification time.
	write("export function f() { return gamma(); }\n", base.Add(time.Second))
	if n := count("alpha"); n != 0 {
		t.Errorf("alpha after the rewrite: %d sites, want 0 (stale kept content)", n)
	}
	if n := count("gamma"); n != 1 {
		t.Errorf("gamma after the rewrite: %d sites, want 1", n)
	}
}

// The kept contents never exceed their budget.
func TestContentsBudget(t *testing.T) {
	c := newContents(10)
	c.put("/r/a", 6, 1, []byte("123456"), nil, 0)
	c.put("/r/b", 6, 1, []byte("abcdef"), nil, 0) // over budget: not kept
	if _, ok := c.get("/r/b", 6, 1); ok {
		t.Error("kept a file past the budget")
	}
	if got, ok := c.get("/r/a", 6, 1); !ok || string(got.data) != "123456" {
		t.Errorf("lost a file within the budget: %v", ok)
	}
	if _, ok := c.get("/r/a", 6, 2); ok {
		t.Error("an entry with another modification time was used")
	}
	c.forgetFiles("/r", []string{"a", "b"})
	if c.bytes != 0 || len(c.files) != 0 {
		t.Errorf("forgetFiles left %d bytes in %d files", c.bytes, len(c.files))
	}
}
