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
