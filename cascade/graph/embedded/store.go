// Package embedded is callcascade's default code graph store: one SQLite
// database per workspace root under the user cache directory, written through
// modernc.org/sqlite (pure Go, so `go build .` needs neither cgo nor build
// tags) with FTS5 for the keyword stage.
//
// The database is a cache. Anything wrong with it — another schema version, a
// file that is not SQLite, a failed integrity check, corruption met by an
// earlier session — makes Open move it aside and start an empty one, and
// Rebuilt reports that so the indexer re-parses everything. Only a real I/O
// failure (an unwritable cache directory, say) makes Open fail.
//
// The integrity check (PRAGMA quick_check reads the whole file) runs only
// when the previous session did not close the store: Close leaves a marker
// file beside the database, and Open removes it. A process killed while
// writing cannot corrupt a WAL database, so the check is a belt over those
// braces (and with two processes on one store, the first to close marks it
// clean although the other may yet crash). What does catch corruption is
// any query failing with SQLITE_CORRUPT or SQLITE_NOTADB, or a stored value
// that does not decode: that leaves a second marker, which makes the next
// Open rebuild.
package embedded

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite" // registers the "sqlite" database/sql driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/treesitter"
)

// SchemaVersion is stored in PRAGMA user_version. Bump it whenever the
// tables or the encoding of a column change: a store of another version is
// discarded and rebuilt rather than migrated, since it is only a cache. The
// extractor's version is folded in, so that a release that extracts more
// re-parses files whose content hash did not change.
//
// 6: a file's entry holds its inode and change time (see fact.File).
// 7: a literal's search row holds its shape token (see literalWords).
const SchemaVersion = 7*1000 + treesitter.ExtractorVersion

// Options tunes Open. The zero value is ready to use.
type Options struct {
	// Logger receives rebuild warnings; nil discards them.
	Logger *slog.Logger
	// BusyTimeout is how long a statement waits for a lock held by another
	// connection or process (two editors on one workspace) before failing.
	// Zero means 5 s.
	BusyTimeout time.Duration
	// ReadConns caps concurrent read connections. Zero means 4.
	ReadConns int
}

// Store is a graph.Store backed by SQLite. It is safe for concurrent use:
// reads run on a pool of connections and, thanks to WAL, never wait for the
// single writer connection.
type Store struct {
	path    string
	rebuilt bool
	checked bool // Open ran the integrity check (the last session did not close)
	log     *slog.Logger

	writeDB *sql.DB
	readDB  *sql.DB
	read    readStatements
	bulk    bulkStmts
	writeMu sync.Mutex // one write transaction, with its statement preparation, at a time

	files  fileCache                             // decoded imports, fields and locals by path
	calls  callCache                             // call sites of common callee names
	kept   readCache                             // what snapshots read, for one generation
	names  nameIndex                             // which files call or declare a name (see names.go)
	search searchBuild                           // the full-text index's build (see search.go)
	yield  atomic.Pointer[func(context.Context)] // see SetYield

	corrupt   atomic.Bool // a query met a corrupt database; the next Open rebuilds
	closeOnce sync.Once
	closeErr  error
}

var _ graph.Store = (*Store)(nil)

// DefaultPath is where the store for the workspace root lives:
// <user cache dir>/callcascade/<base name of root>-<16 hex of sha256(root)>/graph.db,
// root being absolute, clean and, when it exists, with symlinks resolved, so
// that every spelling of one workspace shares one store. The readable base
// name helps whoever looks in the cache directory; the hash keeps two
// checkouts named alike apart.
func DefaultPath(root string) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("embedded: default path for %s: %w", root, err)
	}
	abs = filepath.Clean(abs)
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("embedded: default path for %s: %w", root, err)
	}
	sum := sha256.Sum256([]byte(abs))
	dir := safeName(filepath.Base(abs)) + "-" + hex.EncodeToString(sum[:])[:16]
	return filepath.Join(cache, "callcascade", dir, "graph.db"), nil
}

// safeName keeps a directory name portable and free of characters that
// would need escaping in an SQLite URI.
func safeName(name string) string {
	name = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '_'
	}, name)
	if name == "" || strings.Trim(name, ".") == "" {
		return "root"
	}
	return name
}

// Open opens the store at path, creating directories and the database as
// needed, and rebuilds it from scratch when the existing file is unusable.
func Open(path string, opts Options) (*Store, error) {
	if opts.BusyTimeout <= 0 {
		opts.BusyTimeout = 5 * time.Second
	}
	if opts.ReadConns <= 0 {
		opts.ReadConns = 4
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("embedded: open %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("embedded: create store directory: %w", err)
	}

	s := &Store{path: abs, log: log}
	s.search.ctx, s.search.stop = context.WithCancel(context.Background())
	info, statErr := os.Stat(abs)
	existed := statErr == nil
	if existed && info.IsDir() {
		// Not a cache file gone bad but a mistake in the path: moving a
		// directory aside would be a surprise.
		return nil, fmt.Errorf("embedded: open %s: is a directory", abs)
	}

	if existed {
		reason := s.openExisting(opts)
		if reason == nil {
			if err := s.prepare(); err == nil {
				return s, nil
			} else {
				reason = err
			}
		}
		s.closeDBs()
		if v := (otherVersion{}); errors.As(reason, &v) {
			// Expected after an upgrade: not a fault to warn about.
			log.Info("embedded: graph store written by another version of callcascade; rebuilding it (every file is parsed again)",
				"path", abs, "schema", v.found, "want", SchemaVersion)
		} else {
			log.Warn("embedded: rebuilding unusable graph store", "path", abs, "reason", reason)
		}
		if err := discard(abs); err != nil {
			return nil, err
		}
	}

	if err := s.create(opts); err != nil {
		s.closeDBs()
		return nil, err
	}
	if err := s.prepare(); err != nil {
		s.closeDBs()
		return nil, err
	}
	s.rebuilt = true
	return s, nil
}

// Rebuilt reports whether Open found no usable store and started an empty
// one, in which case every file must be parsed again.
func (s *Store) Rebuilt() bool { return s.rebuilt }

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Close releases the connections (SQLite checkpoints the WAL when the last
// one closes) and marks the store as closed cleanly, so the next Open skips
// the integrity check. Closing twice is not an error.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.search.stop() // a build in the background stops at its next statement
		s.search.wg.Wait()
		s.read.close()
		s.bulk.close()
		if err := s.closeDBs(); err != nil {
			s.closeErr = fmt.Errorf("embedded: close: %w", err)
			return
		}
		if s.corrupt.Load() {
			return
		}
		if err := os.WriteFile(s.path+cleanSuffix, []byte("closed cleanly\n"), 0o600); err != nil {
			s.log.Warn("embedded: cannot mark the graph store closed; the next open checks it", "path", s.path, "err", err)
		}
	})
	return s.closeErr
}

// The markers beside the database. cleanSuffix: the last session closed the
// store (Open removes it, so a crash leaves none). corruptSuffix: a query
// failed with SQLITE_CORRUPT or SQLITE_NOTADB; the next Open rebuilds.
const (
	cleanSuffix   = "-clean"
	corruptSuffix = "-corrupt"
)

// noteErr passes err through, first marking the store for a rebuild if err
// says the database is corrupt (or a stored value does not decode). Every
// method's errors go through it.
func (s *Store) noteErr(err error) error {
	if isCorrupt(err) && s.corrupt.CompareAndSwap(false, true) {
		s.log.Error("embedded: graph store is corrupt; it will be rebuilt when next opened", "path", s.path, "err", err)
		os.Remove(s.path + cleanSuffix)
		if err := os.WriteFile(s.path+corruptSuffix, []byte("corrupt\n"), 0o600); err != nil {
			s.log.Warn("embedded: cannot mark the graph store corrupt", "path", s.path, "err", err)
		}
	}
	return err
}

func isCorrupt(err error) bool {
	if errors.Is(err, errCorruptBlob) {
		return true // a value of ours that does not decode
	}
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Code() & 0xff { // the primary code of an extended one
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return true
	}
	return false
}

// closeDBs closes both pools. The fields keep the closed pools, so a method
// called after Close fails with database/sql's "database is closed" rather
// than panicking.
func (s *Store) closeDBs() error {
	var errs []error
	if s.readDB != nil {
		errs = append(errs, s.readDB.Close())
	}
	if s.writeDB != nil {
		errs = append(errs, s.writeDB.Close())
	}
	return errors.Join(errs...)
}

// dsn builds a URI for the database with per-connection pragmas. The path is
// escaped because a workspace path may hold '?' or '#'.
func dsn(path string, busy time.Duration, writer bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busy.Milliseconds()))
	// WAL lets readers run while the indexer writes; NORMAL sync keeps
	// every committed transaction across a process crash (only a power
	// loss can drop the last ones, never corrupt the file).
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "temp_store(MEMORY)")
	if writer {
		q.Add("_pragma", "cache_size(-16000)")
		// IMMEDIATE takes the write lock at BEGIN, so two processes on
		// one store queue on busy_timeout instead of deadlocking on a
		// read→write upgrade.
		q.Set("_txlock", "immediate")
	} else {
		q.Add("_pragma", "cache_size(-4000)")
		// Readers map the file rather than copy each page in with a
		// system call: the keyword stage's bm25 reads a row's size for
		// every matching row, thousands for a common word, and each
		// page not in the connection's 4 MB cache was a pread (a third
		// of the stage's time on skyportal, session 16). Mapped pages are
		// the operating system's cache, shared by every connection.
		q.Add("_pragma", "mmap_size(1073741824)")
		q.Add("_pragma", "query_only(1)")
	}
	u := url.URL{Scheme: "file", Path: path, RawQuery: q.Encode()}
	return u.String()
}

func (s *Store) openDBs(opts Options) error {
	w, err := sql.Open("sqlite", dsn(s.path, opts.BusyTimeout, true))
	if err != nil {
		return fmt.Errorf("embedded: open %s: %w", s.path, err)
	}
	// One writer connection: SQLite allows one writer anyway, and a single
	// connection means prepared statements are prepared once.
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxIdleTime(0)
	s.writeDB = w

	r, err := sql.Open("sqlite", dsn(s.path, opts.BusyTimeout, false))
	if err != nil {
		return fmt.Errorf("embedded: open %s: %w", s.path, err)
	}
	r.SetMaxOpenConns(opts.ReadConns)
	r.SetMaxIdleConns(opts.ReadConns)
	s.readDB = r
	return nil
}

// openExisting opens the database file and checks it is ours, of this
// version, and sound. It returns why the store is unusable, or nil.
func (s *Store) openExisting(opts Options) error {
	if _, err := os.Stat(s.path + corruptSuffix); err == nil {
		return errors.New("an earlier session found it corrupt")
	}
	// Removing the marker tells whether it was there, and means a crash
	// from here on leaves none.
	clean := os.Remove(s.path+cleanSuffix) == nil
	if err := s.openDBs(opts); err != nil {
		return err
	}
	ctx := context.Background()
	var version int
	if err := s.writeDB.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if version != SchemaVersion {
		return otherVersion{found: version}
	}
	if clean {
		return nil
	}
	s.checked = true
	// quick_check verifies the b-trees page by page (without checking that
	// indexes match their tables, which would make startup O(rows·log)).
	rows, err := s.writeDB.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return fmt.Errorf("quick_check: %w", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("quick_check: %w", err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("quick_check: %w", err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("quick_check: %s", strings.Join(problems, "; "))
	}
	return nil
}

// otherVersion is why Open rebuilds a store whose schema version is not
// SchemaVersion: written by an earlier (or later) release, it is a cache
// of another format.
type otherVersion struct{ found int }

func (e otherVersion) Error() string {
	return fmt.Sprintf("schema version %d, want %d", e.found, SchemaVersion)
}

// discard moves an unusable database aside (one .bad copy is kept for
// whoever wants to know what went wrong) and removes its WAL and shared
// memory files, which belong to the old database and would corrupt a new one.
func discard(path string) error {
	if err := os.Rename(path, path+".bad"); err != nil && !errors.Is(err, fs.ErrNotExist) {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("embedded: remove unusable store: %w", err)
		}
	}
	for _, suffix := range []string{"-wal", "-shm", "-journal", cleanSuffix, corruptSuffix} {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("embedded: remove unusable store: %w", err)
		}
	}
	return nil
}

// rowShift: the search rowid of a symbol or literal is made of its file's
// fid shifted left by rowShift plus its ordinal in the file's body (see
// blob.go): a symbol's search rowid is that times two, a literal's times two
// plus one. So a file's search rows are known from its counts, and a hit
// is found again by rowid.
const rowShift = 24

// schema creates every table (see blob.go for the blobs).
//
// search is a contentless FTS5 table (the text lives in the bodies);
// contentless_delete lets a file's rows be deleted by rowid. It is filled
// after the first answers (see search.go): files.searched says whether a
// file's rows are in it.
const schema = `
CREATE TABLE files (
	fid        INTEGER PRIMARY KEY,
	path       TEXT NOT NULL UNIQUE,
	entry      TEXT NOT NULL, -- JSON: path, hash, size, mtime, inode, ctime, language, package, errors (see codec.go)
	n_symbols  INTEGER NOT NULL, -- how many of each kind its body holds
	n_calls    INTEGER NOT NULL,
	n_literals INTEGER NOT NULL,
	searched   INTEGER NOT NULL -- 1: its symbols and literals are in search
);
CREATE INDEX files_unsearched ON files(fid) WHERE searched = 0;
-- Apart from files, so that Files reads a small table.
CREATE TABLE facts (
	fid   INTEGER PRIMARY KEY,
	names BLOB NOT NULL, -- symbol names and IDs, callee names (the name index's keys)
	extra BLOB,          -- imports, fields, locals and constants; NULL when none
	body  BLOB NOT NULL  -- symbols, calls and literals, compressed
);
CREATE VIRTUAL TABLE search USING fts5(
	words, container, path,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2'
);
-- How many rows hold each term, so Search can leave out terms too common to
-- rank by (ranking costs per matching row).
CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search, 'row');
-- search_rows: how many rows search holds (counting them would scan a
-- table on every Search). generation: bumped by every write transaction
-- of the facts, so that what a process keeps in memory knows when another
-- process wrote (see nameIndex, callCache).
CREATE TABLE meta (
	key   TEXT PRIMARY KEY,
	value INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO meta(key, value) VALUES ('search_rows', 0), ('generation', 0);
`

// create makes a fresh database. The schema and its version are written in
// one transaction, so a crash here leaves version 0, which the next Open
// discards.
func (s *Store) create(opts Options) error {
	if err := s.openDBs(opts); err != nil {
		return err
	}
	ctx := context.Background()
	tx, err := s.writeDB.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("embedded: create store %s: %w", s.path, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, schema); err != nil {
		return fmt.Errorf("embedded: create schema: %w", err)
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion)); err != nil {
		return fmt.Errorf("embedded: set schema version: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("embedded: create store %s: %w", s.path, err)
	}
	return nil
}
