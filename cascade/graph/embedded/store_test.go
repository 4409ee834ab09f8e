package embedded

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/treesitter"
)

func openTemp(t testing.TB) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "graph.db"), Options{})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func span(line, startByte, length uint32) treesitter.Span {
	return treesitter.Span{
		Start:     treesitter.Position{Line: line, Character: 4},
		End:       treesitter.Position{Line: line, Character: 4 + length},
		StartByte: startByte,
		EndByte:   startByte + length,
	}
}

// storageFacts is a TypeScript file with every field populated.
func storageFacts() fact.FileFacts {
	const path = "src/storage/storage.service.ts"
	cls := fact.Symbol{
		ID: path + "#StorageService", Path: path, Language: treesitter.TypeScript, Name: "StorageService",
		Kind: treesitter.KindClass, Span: span(3, 40, 400), Selection: span(3, 53, 14),
		Decorators: []treesitter.Decorator{{Name: "Injectable", Span: span(2, 30, 13)}},
		Extends:    []string{"BaseService", "OnModuleInit"},
	}
	move := fact.Symbol{
		ID: path + "#StorageService.moveFilesToPermanentStorage", Path: path, Language: treesitter.TypeScript,
		Name: "moveFilesToPermanentStorage", Kind: treesitter.KindMethod, Container: "StorageService",
		Span: span(7, 120, 200), Selection: span(7, 120, 27),
		Decorators: []treesitter.Decorator{{Name: "OnEvent", Args: []string{"'report.created'"}, Span: span(6, 100, 26)}},
		Params:     []treesitter.Param{{Name: "files", Type: "File"}, {Name: "opts"}},
	}
	return fact.FileFacts{
		File: fact.File{
			Path: path, Hash: "abc123", Size: 1234, ModTime: 1700000000123456789,
			Inode: 1<<63 + 5, ChangeTime: 1700000001987654321, // an inode number with the top bit set is kept whole
			Language: treesitter.TypeScript, Package: "", Errors: true,
			Imports: []treesitter.Import{{Local: "Injectable", Imported: "Injectable", Module: "@nestjs/common", Span: span(0, 9, 10)}},
			Fields:  []treesitter.Field{{Container: "StorageService", Name: "bucket", Type: "Bucket"}},
			Locals:  []fact.Local{{SymbolID: move.ID, Name: "tmp", Type: "TempDir"}},
		},
		Symbols: []fact.Symbol{cls, move},
		Calls: []fact.Call{
			{Path: path, CallerID: move.ID, Callee: "copy", Receiver: "this.bucket", Span: span(8, 150, 4), Args: []string{"src", "'dst'"}},
			{Path: path, CallerID: move.ID, Callee: "TempDir", Span: span(9, 170, 7), New: true},
			{Path: path, Callee: "register", Receiver: "", Span: span(20, 700, 8), Args: []string{""}},
		},
		Literals: []fact.Literal{
			{Path: path, SymbolID: move.ID, Text: "report.created", Span: span(6, 109, 16)},
			{Path: path, Text: "moveFiles", Span: span(21, 720, 11)},
		},
	}
}

func controllerFacts() fact.FileFacts {
	const path = "src/report/report.controller.ts"
	create := fact.Symbol{
		ID: path + "#ReportController.create", Path: path, Language: treesitter.TypeScript, Name: "create",
		Kind: treesitter.KindMethod, Container: "ReportController", Span: span(5, 80, 100), Selection: span(5, 80, 6),
	}
	return fact.FileFacts{
		// Constants and nothing else of the extras: still a file_extra row.
		File: fact.File{Path: path, Hash: "def456", Size: 99, ModTime: 5, Language: treesitter.TypeScript,
			Constants: []treesitter.Constant{{Name: "ROUTE", Value: "/reports"}, {Container: "Events", Name: "Created", Value: "report.created"}}},
		Symbols: []fact.Symbol{create},
		Calls: []fact.Call{
			{Path: path, CallerID: create.ID, Callee: "moveFilesToPermanentStorage", Receiver: "this.storage", Span: span(7, 130, 27)},
			{Path: path, CallerID: create.ID, Callee: "copy", Receiver: "fs", Span: span(6, 100, 4)},
		},
	}
}

// equateEmpty: empty lists are stored as NULL and come back nil.
var equateEmpty = cmpopts.EquateEmpty()

func TestRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if !s.Rebuilt() {
		t.Errorf("Rebuilt() = false for a new store")
	}
	storage, controller := storageFacts(), controllerFacts()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storage, controller}); err != nil {
		t.Fatal(err)
	}

	gotFile, err := s.File(ctx, storage.File.Path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(storage.File, gotFile, equateEmpty); diff != "" {
		t.Errorf("File (-want +got):\n%s", diff)
	}
	if gotFile, err = s.File(ctx, controller.File.Path); err != nil {
		t.Fatal(err)
	} else if diff := cmp.Diff(controller.File, gotFile, equateEmpty); diff != "" {
		t.Errorf("File with constants only (-want +got):\n%s", diff)
	}

	files, err := s.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	wantFiles := []fact.File{controller.File, storage.File} // sorted by path
	for i := range wantFiles {
		wantFiles[i].Imports, wantFiles[i].Fields, wantFiles[i].Locals, wantFiles[i].Constants = nil, nil, nil, nil
	}
	if diff := cmp.Diff(wantFiles, files, equateEmpty); diff != "" {
		t.Errorf("Files (-want +got):\n%s", diff)
	}

	syms, err := s.SymbolsInFile(ctx, storage.File.Path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(storage.Symbols, syms, equateEmpty); diff != "" {
		t.Errorf("SymbolsInFile (-want +got):\n%s", diff)
	}

	sym, err := s.Symbol(ctx, storage.Symbols[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(storage.Symbols[1], sym, equateEmpty); diff != "" {
		t.Errorf("Symbol (-want +got):\n%s", diff)
	}

	byName, err := s.SymbolsByName(ctx, "create")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(controller.Symbols, byName, equateEmpty); diff != "" {
		t.Errorf("SymbolsByName (-want +got):\n%s", diff)
	}

	calls, err := s.CallsByCallee(ctx, "copy")
	if err != nil {
		t.Fatal(err)
	}
	// Sorted by path, then position.
	wantCalls := []fact.Call{controller.Calls[1], storage.Calls[0]}
	if diff := cmp.Diff(wantCalls, calls, equateEmpty); diff != "" {
		t.Errorf("CallsByCallee (-want +got):\n%s", diff)
	}

	from, err := s.CallsFrom(ctx, storage.Symbols[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(storage.Calls[:2], from, equateEmpty); diff != "" {
		t.Errorf("CallsFrom (-want +got):\n%s", diff)
	}

	top, err := s.CallsFrom(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(storage.Calls[2:], top, equateEmpty); diff != "" {
		t.Errorf("CallsFrom(\"\") (-want +got):\n%s", diff)
	}
}

func TestNotFound(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Symbol(ctx, "nope#x"); !errors.Is(err, graph.ErrNotFound) {
		t.Errorf("Symbol of a missing ID: err = %v, want ErrNotFound", err)
	}
	if _, err := s.File(ctx, "nope.ts"); !errors.Is(err, graph.ErrNotFound) {
		t.Errorf("File of a missing path: err = %v, want ErrNotFound", err)
	}
	for name, list := range map[string]func() (int, error){
		"SymbolsByName": func() (int, error) { l, err := s.SymbolsByName(ctx, "x"); return len(l), err },
		"SymbolsInFile": func() (int, error) { l, err := s.SymbolsInFile(ctx, "x"); return len(l), err },
		"CallsByCallee": func() (int, error) { l, err := s.CallsByCallee(ctx, "x"); return len(l), err },
		"CallsFrom":     func() (int, error) { l, err := s.CallsFrom(ctx, "x"); return len(l), err },
		"Search":        func() (int, error) { l, err := s.Search(ctx, "x", 10); return len(l), err },
	} {
		if n, err := list(); n != 0 || err != nil {
			t.Errorf("%s on an empty store = %d, %v; want 0, nil", name, n, err)
		}
	}
	if err := s.DeleteFile(ctx, "never-indexed.ts"); err != nil {
		t.Errorf("DeleteFile of an unknown file: %v", err)
	}
}

func TestReplaceRemovesOldRows(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	storage := storageFacts()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storage, controllerFacts()}); err != nil {
		t.Fatal(err)
	}
	// The method is renamed and its literals are gone.
	renamed := storageFacts()
	renamed.File.Hash = "new"
	renamed.Symbols[1].Name = "archive"
	renamed.Symbols[1].ID = storage.File.Path + "#StorageService.archive"
	renamed.Calls = renamed.Calls[:1]
	renamed.Calls[0].CallerID = renamed.Symbols[1].ID
	renamed.Literals = nil
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{renamed}); err != nil {
		t.Fatal(err)
	}

	if _, err := s.Symbol(ctx, storage.Symbols[1].ID); !errors.Is(err, graph.ErrNotFound) {
		t.Errorf("old symbol still there: err = %v", err)
	}
	if syms, _ := s.SymbolsByName(ctx, "moveFilesToPermanentStorage"); len(syms) != 0 {
		t.Errorf("old symbol found by name: %v", syms)
	}
	if calls, _ := s.CallsFrom(ctx, storage.Symbols[1].ID); len(calls) != 0 {
		t.Errorf("old calls still there: %v", calls)
	}
	if calls, _ := s.CallsByCallee(ctx, "TempDir"); len(calls) != 0 {
		t.Errorf("dropped call still there: %v", calls)
	}
	calls, _ := s.CallsByCallee(ctx, "copy")
	if len(calls) != 2 {
		t.Errorf("CallsByCallee(copy) = %d calls, want 2 (one per file)", len(calls))
	}
	hits, err := s.Search(ctx, "report created", 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.Kind == "literal" {
			t.Errorf("literal of the old version still searchable: %+v", h)
		}
	}
	hits, _ = s.Search(ctx, "move files permanent storage", 10)
	for _, h := range hits {
		if h.SymbolID == storage.Symbols[1].ID {
			t.Errorf("old symbol still searchable: %+v", h)
		}
	}
	if hits, _ := s.Search(ctx, "archive", 10); len(hits) != 1 || hits[0].SymbolID != renamed.Symbols[1].ID {
		t.Errorf("Search(archive) = %+v, want the renamed method", hits)
	}
	f, err := s.File(ctx, storage.File.Path)
	if err != nil || f.Hash != "new" {
		t.Errorf("File after replace = %+v, %v", f, err)
	}
}

func TestDeleteFile(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	storage, controller := storageFacts(), controllerFacts()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storage, controller}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteFile(ctx, storage.File.Path); err != nil {
		t.Fatal(err)
	}
	if _, err := s.File(ctx, storage.File.Path); !errors.Is(err, graph.ErrNotFound) {
		t.Errorf("File after delete: err = %v", err)
	}
	if syms, _ := s.SymbolsInFile(ctx, storage.File.Path); len(syms) != 0 {
		t.Errorf("symbols after delete: %v", syms)
	}
	calls, _ := s.CallsByCallee(ctx, "copy")
	if diff := cmp.Diff(controller.Calls[1:], calls, equateEmpty); diff != "" {
		t.Errorf("CallsByCallee after delete (-want +got):\n%s", diff)
	}
	hits, _ := s.Search(ctx, "storage report created move files", 50)
	for _, h := range hits {
		if h.Path == storage.File.Path {
			t.Errorf("hit in deleted file: %+v", h)
		}
	}
	files, _ := s.Files(ctx)
	if len(files) != 1 || files[0].Path != controller.File.Path {
		t.Errorf("Files after delete = %+v", files)
	}
}

func TestSearchRanking(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	mk := func(path string, names ...string) fact.FileFacts {
		ff := fact.FileFacts{File: fact.File{Path: path, Hash: path, Language: treesitter.TypeScript}}
		for i, n := range names {
			ff.Symbols = append(ff.Symbols, fact.Symbol{ID: path + "#" + n, Name: n, Kind: treesitter.KindFunction,
				Span: span(uint32(i), uint32(i*100), 50), Selection: span(uint32(i), uint32(i*100), uint32(len(n)))})
		}
		return ff
	}
	batch := []fact.FileFacts{
		mk("src/files.ts", "moveFiles", "listFiles", "deleteFiles", "filesToMove"),
		mk("src/storage.ts", "moveFilesToPermanentStorage", "permanentStorageQuota", "storageClient"),
		mk("src/other.ts", "moveFilesToTemporaryStorage", "parseJSON", "httpServer", "move_to_trash"),
	}
	batch[2].Literals = []fact.Literal{{Text: "files were moved to permanent storage", Span: span(9, 900, 30)}}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	for _, query := range []string{
		"move files permanent storage",
		"moveFilesToPermanentStorage",
		"move_files_to_permanent_storage",
		"MoveFilesToPermanentStorage()",
	} {
		hits, err := s.Search(ctx, query, 5)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].SymbolID != "src/storage.ts#moveFilesToPermanentStorage" {
			t.Errorf("Search(%q) first hit = %+v, want moveFilesToPermanentStorage", query, hits)
			continue
		}
		for i := 1; i < len(hits); i++ {
			if hits[i].Score > hits[i-1].Score {
				t.Errorf("Search(%q) not sorted by score: %+v", query, hits)
			}
		}
		if hits[0].Score <= 0 {
			t.Errorf("Search(%q) top score %v, want > 0 (negated bm25)", query, hits[0].Score)
		}
	}
	hits, err := s.Search(ctx, "files moved permanent storage", 10)
	if err != nil {
		t.Fatal(err)
	}
	var sawLiteral bool
	for _, h := range hits {
		if h.Kind == "literal" && h.Path == "src/other.ts" && h.Text == "files were moved to permanent storage" {
			sawLiteral = true
		}
	}
	if !sawLiteral {
		t.Errorf("literal not found: %+v", hits)
	}
	// A symbol is found as itself, not as the literal that shares its
	// ordinal in the file (src/other.ts's first symbol and first literal).
	if hits, _ := s.Search(ctx, "temporary", 10); len(hits) != 1 || hits[0].Kind != "symbol" || hits[0].Text != "moveFilesToTemporaryStorage" {
		t.Errorf("Search(temporary) = %+v, want the symbol moveFilesToTemporaryStorage", hits)
	}
	if hits, _ := s.Search(ctx, "json", 10); len(hits) != 1 || hits[0].Text != "parseJSON" {
		t.Errorf("Search(json) = %+v", hits)
	}
	if hits, _ := s.Search(ctx, "files", 2); len(hits) != 2 {
		t.Errorf("limit not honoured: %d hits", len(hits))
	}
}

// TestSearchHostileQueries: user text never becomes FTS5 syntax.
func TestSearchHostileQueries(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storageFacts()}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`"`, `moveFiles"`, `a AND`, `OR OR`, `NOT x`, `NEAR(a b)`, `*`, `col:word`, `^start`,
		`a + b`, `(unbalanced`, `"" ""`, `storage*`, "\x00", `🙂`, `-`, `{name}: x`} {
		if _, err := s.Search(ctx, q, 10); err != nil {
			t.Errorf("Search(%q): %v", q, err)
		}
	}
	if hits, _ := s.Search(ctx, `"storage" OR NOT`, 10); len(hits) == 0 {
		t.Errorf("words of a query with FTS operators not searched")
	}
}

func TestReopenKeepsData(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "nested", "dir", "graph.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	storage := storageFacts()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storage}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Dir(path))
	if err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("store directory mode = %v, %v; want 0700", info.Mode().Perm(), err)
	}

	s, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Rebuilt() {
		t.Errorf("Rebuilt() = true on reopening a good store")
	}
	if s.Path() != path {
		t.Errorf("Path() = %q, want %q", s.Path(), path)
	}
	syms, err := s.SymbolsInFile(ctx, storage.File.Path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(storage.Symbols, syms, equateEmpty); diff != "" {
		t.Errorf("after reopen (-want +got):\n%s", diff)
	}
	if hits, _ := s.Search(ctx, "moveFilesToPermanentStorage", 1); len(hits) != 1 {
		t.Errorf("search index lost on reopen")
	}
}

func TestRebuildGarbageFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "graph.db")
	garbage := []byte("this is not a database, just some bytes that happen to be here\n")
	for len(garbage) < 8192 {
		garbage = append(garbage, garbage...)
	}
	if err := os.WriteFile(path, garbage, 0o600); err != nil {
		t.Fatal(err)
	}
	// A stale WAL of another database must not be replayed into the new one.
	if err := os.WriteFile(path+"-wal", []byte("stale wal"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatalf("Open over a garbage file: %v", err)
	}
	defer s.Close()
	if !s.Rebuilt() {
		t.Errorf("Rebuilt() = false after replacing a garbage file")
	}
	ctx := context.Background()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storageFacts()}); err != nil {
		t.Fatalf("rebuilt store not writable: %v", err)
	}
	if files, err := s.Files(ctx); err != nil || len(files) != 1 {
		t.Errorf("Files = %v, %v", files, err)
	}
	if _, err := os.Stat(path + ".bad"); err != nil {
		t.Errorf("garbage not kept aside: %v", err)
	}
}

func TestRebuildTruncatedDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var batch []fact.FileFacts
	for i := range 100 {
		batch = append(batch, syntheticFile(i, 10, 5))
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	s.Close()
	// Keep the header (so it still looks like SQLite) and cut the rest.
	info, _ := os.Stat(path)
	if err := os.Truncate(path, info.Size()/3); err != nil {
		t.Fatal(err)
	}
	s, err = Open(path, Options{})
	if err != nil {
		t.Fatalf("Open of a truncated store: %v", err)
	}
	defer s.Close()
	if !s.Rebuilt() {
		t.Errorf("Rebuilt() = false for a truncated store")
	}
	if files, err := s.Files(ctx); err != nil || len(files) != 0 {
		t.Errorf("rebuilt store has %d files, %v", len(files), err)
	}
}

func TestRebuildSchemaMismatch(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storageFacts()}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.writeDB.Exec(fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion+1)); err != nil {
		t.Fatal(err)
	}
	s.Close()

	s, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !s.Rebuilt() {
		t.Errorf("Rebuilt() = false after a schema version mismatch")
	}
	if files, _ := s.Files(ctx); len(files) != 0 {
		t.Errorf("rebuilt store kept %d files of the old schema", len(files))
	}
	var version int
	if err := s.readDB.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != SchemaVersion {
		t.Errorf("user_version = %d, %v; want %d", version, err, SchemaVersion)
	}
}

func TestOpenUnwritableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root can write anywhere")
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	if s, err := Open(filepath.Join(dir, "sub", "graph.db"), Options{}); err == nil {
		s.Close()
		t.Fatal("Open in an unwritable directory succeeded")
	}
}

func TestOpenOnAFileAsDirectory(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := Open(filepath.Join(blocker, "graph.db"), Options{}); err == nil {
		s.Close()
		t.Fatal("Open under a regular file succeeded")
	}
}

func TestOpenDirectory(t *testing.T) {
	dir := t.TempDir()
	if s, err := Open(dir, Options{}); err == nil {
		s.Close()
		t.Fatal("Open of a directory succeeded")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Errorf("directory moved: %v", err)
	}
}

func TestDefaultPath(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", t.TempDir()) // darwin's UserCacheDir uses HOME
	root := filepath.Join(t.TempDir(), "my repo?#")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	p1, err := DefaultPath(root)
	if err != nil {
		t.Fatal(err)
	}
	p2, _ := DefaultPath(root + "/sub/..")
	if p1 != p2 {
		t.Errorf("DefaultPath not stable across spellings: %q vs %q", p1, p2)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(root, link); err != nil {
		t.Fatal(err)
	}
	if p, _ := DefaultPath(link); p != p1 {
		t.Errorf("DefaultPath through a symlink = %q, want %q", p, p1)
	}
	p3, _ := DefaultPath(filepath.Join(t.TempDir(), "my repo?#"))
	if p1 == p3 {
		t.Errorf("two roots with the same name share %q", p1)
	}
	if filepath.Base(p1) != "graph.db" {
		t.Errorf("DefaultPath = %q", p1)
	}
	dir := filepath.Base(filepath.Dir(p1))
	if want := "my_repo__-"; len(dir) != len(want)+16 || dir[:len(want)] != want {
		t.Errorf("store directory %q, want %q + 16 hex", dir, want)
	}
	if rel, err := filepath.Rel(cache, p1); err != nil || rel[:len("callcascade/")] != "callcascade/" {
		t.Errorf("DefaultPath %q not under XDG_CACHE_HOME/callcascade", p1)
	}
	// The odd characters in the root's name survive a real open.
	s, err := Open(p1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
}

// TestPathWithURICharacters: a store path holding '?', '#' and '%' is a path,
// not a URI with a query.
func TestPathWithURICharacters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a?b#c%20d", "graph.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceFiles(context.Background(), []fact.FileFacts{storageFacts()}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("database not at the path given: %v", err)
	}
}

func TestConcurrentReadersAndWriter(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{syntheticFile(0, 10, 10)}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, 16)
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(stop)
		for round := range 12 {
			var batch []fact.FileFacts
			for i := range 10 {
				batch = append(batch, syntheticFile(i, 4+round%3, 3))
			}
			if err := s.ReplaceFiles(ctx, batch); err != nil {
				errs <- fmt.Errorf("writer: %w", err)
				return
			}
			if round%5 == 4 {
				if err := s.DeleteFile(ctx, syntheticPath(round%10)); err != nil {
					errs <- fmt.Errorf("delete: %w", err)
					return
				}
			}
		}
	}()
	for r := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := s.CallsByCallee(ctx, "callee3"); err != nil {
					errs <- fmt.Errorf("reader %d: %w", r, err)
					return
				}
				// Every read sees one whole version of the file.
				syms, err := s.SymbolsInFile(ctx, syntheticPath(0))
				if err != nil {
					errs <- fmt.Errorf("reader %d: %w", r, err)
					return
				}
				if n := len(syms); n != 0 && n != 4 && n != 5 && n != 6 && n != 10 {
					errs <- fmt.Errorf("reader %d: %d symbols in a file written with 4, 5, 6 or 10", r, n)
					return
				}
				if _, err := s.Search(ctx, "callee symbol", 10); err != nil {
					errs <- fmt.Errorf("reader %d: %w", r, err)
					return
				}
				if _, err := s.Files(ctx); err != nil {
					errs <- fmt.Errorf("reader %d: %w", r, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestUseAfterClose(t *testing.T) {
	ctx := context.Background()
	s, err := Open(filepath.Join(t.TempDir(), "graph.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := s.CallsByCallee(ctx, "x"); err == nil {
		t.Errorf("CallsByCallee after Close succeeded")
	}
	if _, err := s.Search(ctx, "x", 1); err == nil {
		t.Errorf("Search after Close succeeded")
	}
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storageFacts()}); err == nil {
		t.Errorf("ReplaceFiles after Close succeeded")
	}
	if err := s.DeleteFile(ctx, "x"); err == nil {
		t.Errorf("DeleteFile after Close succeeded")
	}
}

func TestContextCancelled(t *testing.T) {
	s := openTemp(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storageFacts()}); err == nil {
		t.Errorf("ReplaceFiles with a cancelled context succeeded")
	}
	if _, err := s.CallsByCallee(ctx, "copy"); err == nil {
		t.Errorf("CallsByCallee with a cancelled context succeeded")
	}
	if files, _ := s.Files(context.Background()); len(files) != 0 {
		t.Errorf("cancelled write left %d files", len(files))
	}
}

func syntheticPath(i int) string { return fmt.Sprintf("pkg%03d/file%04d.ts", i%50, i) }

// syntheticFile makes file i with nsym symbols and ncalls calls per symbol.
// Package records the symbol count, so a reader can check that it sees a
// file's rows all from one transaction.
func syntheticFile(i, nsym, ncalls int) fact.FileFacts {
	path := syntheticPath(i)
	ff := fact.FileFacts{File: fact.File{
		Path: path, Hash: fmt.Sprintf("%064x", i), Size: int64(1000 + i), ModTime: time.Unix(int64(i), 0).UnixNano(),
		Language: treesitter.TypeScript, Package: fmt.Sprint(nsym),
		Imports: []treesitter.Import{{Local: "x", Imported: "x", Module: "./x"}},
	}}
	for j := range nsym {
		name := fmt.Sprintf("symbol%dHandler%d", i, j)
		id := fmt.Sprintf("%s#Service%d.%s", path, i, name)
		ff.Symbols = append(ff.Symbols, fact.Symbol{
			ID: id, Path: path, Language: treesitter.TypeScript, Name: name, Kind: treesitter.KindMethod,
			Container: fmt.Sprintf("Service%d", i), Span: span(uint32(j*10), uint32(j*300), 280), Selection: span(uint32(j*10), uint32(j*300+10), uint32(len(name))),
			Params: []treesitter.Param{{Name: "ctx", Type: "Context"}},
		})
		for k := range ncalls {
			ff.Calls = append(ff.Calls, fact.Call{
				Path: path, CallerID: id, Callee: fmt.Sprintf("callee%d", (i*7+j*3+k)%syntheticCallees), Receiver: "this.dep",
				Span: span(uint32(j*10+1), uint32(j*300+20+k*10), 8), Args: []string{"a", "b"},
			})
		}
	}
	ff.Literals = []fact.Literal{{Path: path, Text: fmt.Sprintf("event.%d.created", i), Span: span(0, 0, 10)}}
	return ff
}

// syntheticCallees is how many distinct callee names synthetic files call:
// 5,000 files of 10 symbols with 5 calls each give 50 calls per name.
const syntheticCallees = 5000

// TestOddPaths: paths and packages holding JSON's special characters,
// control characters and bytes that are not UTF-8 come back as they went in
// (Files reads them back through JSON).
func TestOddPaths(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	paths := []string{`a"b.ts`, `c\d.ts`, "e\x01f.ts", "g\xffh.ts", "日本/語.ts", "tab\there.ts", "nul\x00.ts", "z/\u2028.ts", "emoji🙂.ts"}
	var batch []fact.FileFacts
	for i, p := range paths {
		ff := syntheticFile(i, 2, 1)
		ff.File.Path = p
		ff.File.Package = p + "\\pkg\""
		batch = append(batch, ff)
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	files, err := s.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(paths)
	slices.Sort(want)
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
		if f.Package != f.Path+"\\pkg\"" {
			t.Errorf("%q: package %q", f.Path, f.Package)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Files paths (-want +got):\n%s", diff)
	}
	for i, p := range paths {
		f, err := s.File(ctx, p)
		if err != nil {
			t.Errorf("File(%q): %v", p, err)
			continue
		}
		wantFile := batch[i].File
		if diff := cmp.Diff(wantFile, f, equateEmpty); diff != "" {
			t.Errorf("File(%q) (-want +got):\n%s", p, diff)
		}
	}
}

func TestJSONParserEscapes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`"plain"`, "plain"},
		{`"a\"b\\c\/d"`, `a"b\c/d`},
		{`"\b\f\n\r\t"`, "\b\f\n\r\t"},
		{`"\u0000\u001f\u00e9"`, "\x00\x1fé"},
		{`"\ud83d\ude42!"`, "🙂!"},
		{"\"raw \xff bytes\"", "raw \xff bytes"},
	} {
		p := jsonParser{s: tc.in}
		if got := p.string(); got != tc.want || p.err != nil || p.i != len(tc.in) {
			t.Errorf("string(%s) = %q, %v; want %q", tc.in, got, p.err, tc.want)
		}
	}
	for _, bad := range []string{`"unterminated`, `"bad \q escape"`, `"\u12"`, `x`} {
		p := jsonParser{s: bad}
		if p.string(); p.err == nil {
			t.Errorf("string(%s): no error", bad)
		}
	}
	if _, err := parseFiles(`["a","h",1,2,3,4,"go","",0],["b"]`); err == nil {
		t.Errorf("parseFiles of a short entry: no error")
	}
	if _, err := parseFiles(`["a","h",1,2,3,4,"go","",0]x`); err == nil {
		t.Errorf("parseFiles of trailing bytes: no error")
	}
	if files, err := parseFiles(`["a","h",1,2,7,8,"go","p",1],["b","i",3,4,-1,9,"ts","",0]`); err != nil || len(files) != 2 || !files[0].Errors || files[1].Size != 3 ||
		files[0].Inode != 7 || files[0].ChangeTime != 8 || files[1].Inode != 1<<64-1 || files[1].ChangeTime != 9 {
		t.Errorf("parseFiles = %+v, %v", files, err)
	}
	// A schema 5 entry (no inode, no change time) is not read as this one.
	if _, err := parseFiles(`["a","h",1,2,"go","",0]`); err == nil {
		t.Errorf("parseFiles of a schema 5 entry: no error")
	}
	if files, err := parseFiles(``); err != nil || len(files) != 0 {
		t.Errorf("parseFiles of nothing = %v, %v", files, err)
	}
}

// TestSearchRowCount: the count of search rows kept in meta (Search prunes
// common terms by it) follows replacements, renames and deletes.
func TestSearchRowCount(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	check := func(when string) {
		t.Helper()
		// Batches of more than a few files leave their search rows to the
		// build, which Search would start.
		if err := s.BuildSearch(ctx); err != nil {
			t.Fatal(err)
		}
		var counted, rows, docs int64
		if err := s.readDB.QueryRowContext(ctx, searchRowsSQL).Scan(&counted); err != nil {
			t.Fatal(err)
		}
		if err := s.readDB.QueryRowContext(ctx, `SELECT coalesce(sum(n_symbols + n_literals), 0) FROM files`).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if err := s.readDB.QueryRowContext(ctx, `SELECT count(*) FROM search_docsize`).Scan(&docs); err != nil {
			t.Fatal(err)
		}
		if counted != rows || docs != rows {
			t.Errorf("%s: meta counts %d search rows, the index holds %d, symbols and literals are %d", when, counted, docs, rows)
		}
	}
	var batch []fact.FileFacts
	for i := range 20 {
		batch = append(batch, syntheticFile(i, 5, 2))
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	check("after the first index")
	batch = batch[:0]
	for i := range 10 {
		ff := syntheticFile(i, 3+i%4, 2) // fewer symbols, some more
		if i%2 == 0 {
			ff.Symbols[0].Name += "Renamed"
			ff.Literals = append(ff.Literals, fact.Literal{Text: "another literal", Span: span(1, 5, 5)})
		}
		batch = append(batch, ff)
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	check("after replacements")
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	check("after the same again")
	for i := 5; i < 15; i++ {
		if err := s.DeleteFile(ctx, syntheticPath(i)); err != nil {
			t.Fatal(err)
		}
	}
	check("after deletes")
	if _, err := s.writeDB.ExecContext(ctx, `INSERT INTO search(search) VALUES ('integrity-check')`); err != nil {
		t.Errorf("FTS5 integrity-check: %v", err)
	}
	hits, err := s.Search(ctx, "renamed", 50)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 3 { // files 0, 2 and 4: 6 and 8 were deleted
		t.Errorf("Search(renamed) = %d hits, want 3: %+v", len(hits), hits)
	}
}

// A file with no symbol and no string literal (a Python module of imports
// only) is searched and has no search rows: forgetting it once failed with
// "malformed JSON", and the callers command with it.
func TestDeleteFileWithoutSearchRows(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	shim := fact.FileFacts{File: fact.File{Path: "shim.py", Language: "python", Hash: "h"}}
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{shim}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteFile(ctx, "shim.py"); err != nil {
		t.Fatalf("DeleteFile of a file without search rows: %v", err)
	}
	if _, err := s.File(ctx, "shim.py"); !errors.Is(err, graph.ErrNotFound) {
		t.Errorf("File after DeleteFile: err = %v, want ErrNotFound", err)
	}
}
