package index_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
)

// What changed on disk while the server was down is found by the next
// pass over a store kept from the last one: the file edited (a new size),
// the one rewritten to the same size (a new modification time), the one
// added and the one deleted, and nothing else is read again.
func TestRestartFindsWhatChangedWhileDown(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a/edited.ts", "export function before(): void {}\n")
	write("a/same_size.ts", "export function one(): void {}\n")
	write("b/deleted.ts", "export function gone(): void {}\n")
	write("b/kept.ts", "export function kept(): void {}\n")
	write("kept.py", "def kept_py():\n    pass\n")
	dbPath := filepath.Join(t.TempDir(), "graph.db")
	ctx := context.Background()
	pass := indexPass(t, root, dbPath)
	if st := pass(); st.Parsed != 5 {
		t.Fatalf("first pass parsed %d files, want 5", st.Parsed)
	}
	if st := pass(); st.Parsed != 0 || st.Deleted != 0 || st.Unchanged != 5 {
		t.Fatalf("a pass with nothing changed: %+v, want 5 unchanged", st)
	}

	write("a/edited.ts", "export function after(): void {}\n")
	// Same size, another name; its modification time moved on.
	write("a/same_size.ts", "export function two(): void {}\n")
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(root, "a", "same_size.ts"), later, later); err != nil {
		t.Fatal(err)
	}
	write("c/added.ts", "export function added(): void {}\n")
	if err := os.Remove(filepath.Join(root, "b", "deleted.ts")); err != nil {
		t.Fatal(err)
	}
	st := pass()
	if st.Parsed != 3 || st.Deleted != 1 || st.Unchanged != 2 || st.Files != 5 {
		t.Errorf("the pass after the changes: %+v; want 3 parsed, 1 deleted, 2 unchanged of 5 files", st)
	}

	s, err := embedded.Open(dbPath, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	files, err := s.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	if want := []string{"a/edited.ts", "a/same_size.ts", "b/kept.ts", "c/added.ts", "kept.py"}; !slices.Equal(paths, want) {
		t.Errorf("stored files %q, want %q", paths, want)
	}
	for rel, want := range map[string]string{"a/edited.ts": "after", "a/same_size.ts": "two", "c/added.ts": "added"} {
		syms, err := s.SymbolsInFile(ctx, rel)
		if err != nil {
			t.Fatal(err)
		}
		if len(syms) != 1 || syms[0].Name != want {
			t.Errorf("%s holds %v, want the function %s", rel, syms, want)
		}
	}
}

// A workspace emptied while the server was down is emptied in the store
// too: the pass that finds no file still compares with the stored list.
func TestRestartForgetsAWorkspaceEmptied(t *testing.T) {
	root := t.TempDir()
	p := filepath.Join(root, "only.ts")
	if err := os.WriteFile(p, []byte("export function only(): void {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := openEmptyStore(t)
	ctx := context.Background()
	ix := &index.Indexer{Root: root, Store: s, Workers: 1}
	if _, err := ix.IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	st, err := ix.IndexAll(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if files, _ := s.Files(ctx); st.Deleted != 1 || len(files) != 0 {
		t.Errorf("after the only file was deleted: %+v, %d files stored; want it deleted", st, len(files))
	}
}

// failingList is a store whose file list cannot be read (a graph.Store
// only: the pass asks it for Files).
type failingList struct{ graph.Store }

// failingUnordered is an embedded store whose file list cannot be read in
// no order either (the pass asks it for FilesUnordered).
type failingUnordered struct{ *embedded.Store }

var errList = errors.New("the list is unreadable")

func (failingList) Files(context.Context) ([]fact.File, error)               { return nil, errList }
func (failingUnordered) FilesUnordered(context.Context) ([]fact.File, error) { return nil, errList }

// A pass that cannot read the stored list fails, whether or not the walk
// found files, and does not count as complete.
func TestPassFailsWhenTheStoredListFails(t *testing.T) {
	for _, c := range []struct {
		withFile, unordered bool
	}{{true, false}, {false, false}, {true, true}, {false, true}} {
		withFile := c.withFile
		root := t.TempDir()
		if withFile {
			if err := os.WriteFile(filepath.Join(root, "a.ts"), []byte("export function a(): void {}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s := openEmptyStore(t)
		var store graph.Store = failingList{s}
		if c.unordered {
			store = failingUnordered{s}
		}
		ix := &index.Indexer{Root: root, Store: store, Workers: 1}
		if _, err := ix.IndexAll(context.Background(), nil); !errors.Is(err, errList) {
			t.Errorf("%+v: IndexAll = %v, want the list's error", c, err)
		}
		// Starting marks a pass as running only while none has completed.
		ix.Starting()
		if p := ix.Progress(); !p.Running {
			t.Errorf("%+v: the failed pass counts as complete", c)
		}
	}
}

// A file whose stamps moved but whose content did not (touched, chmod'ed,
// checked out back and forth) is read once, found unchanged by its hash,
// and its new stamps kept: the pass after skips it unread, so such files
// do not slow every later warm restart.
func TestRestartKeepsTheStampsOfAFileTouched(t *testing.T) {
	root := t.TempDir()
	touched := filepath.Join(root, "touched.ts")
	for path, text := range map[string]string{touched: "export function a(): void {}\n", filepath.Join(root, "other.ts"): "export function b(): void {}\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := openEmptyStore(t)
	ctx := context.Background()
	ix := &index.Indexer{Root: root, Store: s, Workers: 1}
	// pass returns its stats and how many files it read.
	pass := func() (index.IndexStats, int) {
		t.Helper()
		read := 0
		st, err := ix.IndexAll(ctx, func(_, total int) { read = total })
		if err != nil {
			t.Fatal(err)
		}
		return st, read
	}
	if st, _ := pass(); st.Parsed != 2 {
		t.Fatalf("first pass: %+v; want 2 parsed", st)
	}
	later := time.Now().Add(time.Hour).Truncate(time.Second)
	if err := os.Chtimes(touched, later, later); err != nil {
		t.Fatal(err)
	}
	if st, read := pass(); st.Parsed != 0 || st.Unchanged != 2 || read != 1 {
		t.Fatalf("the pass after the touch: %+v, %d read; want the touched file read, nothing parsed", st, read)
	}
	if st, read := pass(); st.Parsed != 0 || st.Unchanged != 2 || read != 0 {
		t.Errorf("the pass after that: %+v, %d read; want nothing read", st, read)
	}
	f, err := s.File(ctx, "touched.ts")
	if err != nil {
		t.Fatal(err)
	}
	if f.ModTime != later.UnixNano() || len(f.Hash) != 64 {
		t.Errorf("stored %+v; want the touched time %d and the content's hash", f, later.UnixNano())
	}
}

// stampless is an embedded store that lists its files without inodes and
// change times, as a Neo4j store written before it kept them does.
type stampless struct{ *embedded.Store }

func (s stampless) FilesUnordered(ctx context.Context) ([]fact.File, error) {
	files, err := s.Store.FilesUnordered(ctx)
	for i := range files {
		files[i].Inode, files[i].ChangeTime = 0, 0
	}
	return files, err
}

// Files stored without an inode and change time (a Neo4j store written
// before it kept them) are judged by size and modification time, as they
// were: a restart over them reads nothing that did not change, rather than
// every file, every time.
func TestRestartOverFilesStoredWithoutInodes(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{"a.ts", "b.ts"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte("export function "+name[:1]+"(): void {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := openEmptyStore(t)
	ctx := context.Background()
	if _, err := (&index.Indexer{Root: root, Store: s, Workers: 1}).IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	read := 0
	st, err := (&index.Indexer{Root: root, Store: stampless{s}, Workers: 1}).IndexAll(ctx, func(_, total int) { read = total })
	if err != nil {
		t.Fatal(err)
	}
	if st.Unchanged != 2 || read != 0 {
		t.Errorf("a restart over files stored without inodes: %+v, %d read; want both skipped unread", st, read)
	}
}

// indexPass returns a function that opens the store at dbPath, indexes
// root into it as a restart does, and closes it: one pass of a server's
// life.
func indexPass(t *testing.T, root, dbPath string) func() index.IndexStats {
	return func() index.IndexStats {
		t.Helper()
		s, err := embedded.Open(dbPath, embedded.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stats, err := (&index.Indexer{Root: root, Store: s, Workers: 1}).IndexAll(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return stats
	}
}

// openEmptyStore opens a new embedded store, closed when the test ends.
func openEmptyStore(t *testing.T) *embedded.Store {
	t.Helper()
	s, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
