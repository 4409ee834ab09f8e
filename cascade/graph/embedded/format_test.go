package embedded

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A store written in the format before per-file blobs (schema 4: a row per
// symbol, call and literal) is not read as the new one: Open finds its
// version, starts an empty store, and says so, so the indexer parses every
// file again.
func TestOldFormatStoreIsRebuilt(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	writeRawStore(t, path,
		`CREATE TABLE files (fid INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, entry TEXT NOT NULL, top_calls INTEGER NOT NULL,
			n_symbols INTEGER NOT NULL, n_calls INTEGER NOT NULL, n_literals INTEGER NOT NULL)`,
		`CREATE TABLE calls (cid INTEGER PRIMARY KEY, caller INTEGER, callee TEXT NOT NULL, receiver TEXT NOT NULL, site BLOB NOT NULL, caller_id TEXT)`,
		`CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID`,
		`INSERT INTO meta(key, value) VALUES ('search_rows', 0), ('generation', 7)`,
		`INSERT INTO files VALUES (1, 'a.ts', '["a.ts","h",1,2,"typescript","",0]', 1, 0, 1, 0)`,
		`INSERT INTO calls VALUES (16777216, NULL, 'target', '', x'00', NULL)`,
		fmt.Sprintf("PRAGMA user_version = %d", 4*1000+treesitter.ExtractorVersion),
	)

	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !s.Rebuilt() {
		t.Fatal("Rebuilt() = false on a store of the previous format")
	}
	if files, err := s.Files(ctx); err != nil || len(files) != 0 {
		t.Errorf("the rebuilt store lists %d files (%v); want none of the old format's", len(files), err)
	}
	// And it works as a store of this format.
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{storageFacts()}); err != nil {
		t.Fatal(err)
	}
	if calls, err := s.CallsByCallee(ctx, "copy"); err != nil || len(calls) == 0 {
		t.Errorf("CallsByCallee after the rebuild = %d calls, %v", len(calls), err)
	}
}

// A store written by schema 5 (the same tables, but entries without a
// file's inode and change time) is rebuilt on open, not read: its stamps
// could not tell a file replaced with the same size and modification time.
// Upgrading is no error to the user, and the log says what happened.
func TestSchema5StoreIsRebuiltWithALogLine(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	writeRawStore(t, path,
		schema,
		`INSERT INTO files VALUES (1, 'a.ts', '["a.ts","h",1,2,"typescript","",0]', 0, 0, 0, 1)`,
		`INSERT INTO facts VALUES (1, x'00', NULL, x'00')`,
		fmt.Sprintf("PRAGMA user_version = %d", 5*1000+treesitter.ExtractorVersion),
	)

	var logged bytes.Buffer
	s, err := Open(path, Options{Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	if err != nil {
		t.Fatalf("Open of a schema 5 store: %v; want it rebuilt", err)
	}
	defer s.Close()
	if !s.Rebuilt() {
		t.Fatal("Rebuilt() = false on a schema 5 store")
	}
	if files, err := s.Files(ctx); err != nil || len(files) != 0 {
		t.Errorf("the rebuilt store lists %d files (%v); want none of schema 5's", len(files), err)
	}
	line := logged.String()
	if !strings.Contains(line, "another version of callcascade") || !strings.Contains(line, "rebuilding") ||
		!strings.Contains(line, fmt.Sprintf("schema=%d", 5*1000+treesitter.ExtractorVersion)) || !strings.Contains(line, "level=INFO") {
		t.Errorf("the log says %q; want one line that the store of another version is rebuilt, from which schema", line)
	}
}

// writeRawStore writes a store file at path with SQL statements, as an
// older callcascade left it.
func writeRawStore(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, stmt := range stmts {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
}
