package embedded

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
)

// abandon drops a store's connections the way a killed process would: no
// Close, so no clean-shutdown marker.
func abandon(s *Store) {
	s.read.close()
	s.bulk.close()
	s.closeDBs()
}

func TestCleanCloseSkipsIntegrityCheck(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	open := func() *Store {
		t.Helper()
		s, err := Open(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	s := open()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storageFacts()}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = open()
	if s.Rebuilt() || s.checked {
		t.Errorf("after a clean close: Rebuilt() = %v, checked = %v; want neither", s.Rebuilt(), s.checked)
	}
	if _, err := os.Stat(path + cleanSuffix); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("clean marker still there while the store is open: %v", err)
	}
	abandon(s)

	s = open()
	if s.Rebuilt() || !s.checked {
		t.Errorf("after a session that did not close: Rebuilt() = %v, checked = %v; want checked only", s.Rebuilt(), s.checked)
	}
	if files, err := s.Files(ctx); err != nil || len(files) != 1 {
		t.Errorf("Files = %d files, %v; want 1", len(files), err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = open()
	defer s.Close()
	if s.checked {
		t.Errorf("the check ran again after a clean close")
	}
}

// TestCorruptionFoundLaterRebuilds: with the integrity check skipped, a
// corrupt page is met by a query, which fails, and the next Open rebuilds.
func TestCorruptionFoundLaterRebuilds(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var batch []fact.FileFacts
	for i := range 200 {
		batch = append(batch, syntheticFile(i, 10, 5))
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	var root, pageSize int64
	if err := s.readDB.QueryRowContext(ctx, `SELECT rootpage FROM sqlite_schema WHERE name = 'facts'`).Scan(&root); err != nil {
		t.Fatal(err)
	}
	if err := s.readDB.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&pageSize); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// Overwrite the root page of facts with garbage.
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	garbage := make([]byte, pageSize)
	for i := range garbage {
		garbage[i] = 0xff
	}
	if _, err := f.WriteAt(garbage, (root-1)*pageSize); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Rebuilt() || s.checked {
		t.Fatalf("Rebuilt() = %v, checked = %v after a clean close; want neither", s.Rebuilt(), s.checked)
	}
	if _, err := s.CallsByCallee(ctx, "callee3"); err == nil {
		t.Fatal("CallsByCallee over a corrupt table succeeded")
	} else if !isCorrupt(err) {
		t.Fatalf("CallsByCallee: %v; want SQLITE_CORRUPT", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + cleanSuffix); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a store found corrupt was marked clean: %v", err)
	}

	s, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !s.Rebuilt() {
		t.Fatal("Rebuilt() = false after a session found the store corrupt")
	}
	if files, err := s.Files(ctx); err != nil || len(files) != 0 {
		t.Errorf("rebuilt store has %d files, %v", len(files), err)
	}
	if _, err := os.Stat(path + corruptSuffix); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("corrupt marker left after the rebuild: %v", err)
	}
}
