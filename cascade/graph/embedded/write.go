package embedded

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
)

// A file is written as two rows (files and facts, see blob.go), and the
// rows of a batch go in by multi-row INSERT … VALUES statements of up to
// bulkChunk rows, prepared once per store. A file keeps its fid across
// replacements, so both rows are written over the old ones.
//
// The search table is written apart (search.go): small batches (an
// editor's buffer) write their files' search rows at once, large ones (an
// index pass) leave them to be built after the first answers.
//
// JSON goes to SQLite as text: a blob would be taken for JSONB.

// bulkTable is a table written by multi-row INSERTs.
type bulkTable struct {
	name     string
	cols     []string
	replace  bool   // INSERT OR REPLACE: a row takes the place of the one with its rowid
	conflict string // an ON CONFLICT clause
}

var (
	filesTable = &bulkTable{name: "files",
		cols: []string{"fid", "path", "entry", "n_symbols", "n_calls", "n_literals", "searched"},
		conflict: ` ON CONFLICT(fid) DO UPDATE SET path = excluded.path, entry = excluded.entry,
	n_symbols = excluded.n_symbols, n_calls = excluded.n_calls, n_literals = excluded.n_literals, searched = excluded.searched`}
	factsTable = &bulkTable{name: "facts", replace: true, cols: []string{"fid", "names", "extra", "body"}}
)

func (t *bulkTable) insertSQL(rows int) string {
	var b strings.Builder
	b.WriteString("INSERT ")
	if t.replace {
		b.WriteString("OR REPLACE ")
	}
	b.WriteString("INTO " + t.name + "(" + strings.Join(t.cols, ", ") + ") VALUES ")
	row := "(" + strings.TrimSuffix(strings.Repeat("?,", len(t.cols)), ",") + ")"
	for i := range rows {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(row)
	}
	b.WriteString(t.conflict)
	return b.String()
}

// bulkChunk is the most rows one INSERT writes. A smaller remainder goes in
// power-of-two pieces, so a table needs at most log2(bulkChunk)+1 statements.
const bulkChunk = 256

type bulkKey struct {
	table *bulkTable
	rows  int
}

// bulkStmts are the INSERT statements, prepared on the writer connection
// once and bound to each transaction with Tx.StmtContext. They are prepared
// before the transaction begins (the transaction holds the only writer
// connection, which preparing on the pool would wait for).
type bulkStmts struct {
	mu    sync.Mutex
	stmts map[bulkKey]*sql.Stmt
}

// chunks calls f with the sizes of the INSERTs that write rows rows.
func chunks(rows int, f func(k int) error) error {
	for rows > 0 {
		k := bulkChunk
		for k > rows {
			k /= 2
		}
		if err := f(k); err != nil {
			return err
		}
		rows -= k
	}
	return nil
}

// prepare prepares the statements that insert rows rows into t.
func (b *bulkStmts) prepare(ctx context.Context, db *sql.DB, t *bulkTable, rows int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return chunks(rows, func(k int) error {
		key := bulkKey{t, k}
		if _, ok := b.stmts[key]; ok {
			return nil
		}
		stmt, err := db.PrepareContext(ctx, t.insertSQL(k))
		if err != nil {
			return fmt.Errorf("prepare insert into %s: %w", t.name, err)
		}
		if b.stmts == nil {
			b.stmts = map[bulkKey]*sql.Stmt{}
		}
		b.stmts[key] = stmt
		return nil
	})
}

func (b *bulkStmts) get(t *bulkTable, rows int) *sql.Stmt {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stmts[bulkKey{t, rows}]
}

func (b *bulkStmts) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, stmt := range b.stmts {
		stmt.Close()
	}
	b.stmts = nil
}

// insert writes rows (len(t.cols) values each, one after the other), with
// statements prepare made ready.
func (s *Store) insert(ctx context.Context, tx *sql.Tx, t *bulkTable, values []any) error {
	n := len(t.cols)
	return chunks(len(values)/n, func(k int) error {
		stmt := s.bulk.get(t, k)
		if stmt == nil {
			return fmt.Errorf("insert into %s: %d-row statement not prepared", t.name, k)
		}
		if _, err := tx.StmtContext(ctx, stmt).ExecContext(ctx, values[:k*n]...); err != nil {
			return fmt.Errorf("insert into %s: %w", t.name, err)
		}
		values = values[k*n:]
		return nil
	})
}

// prepareBatch prepares the INSERTs a batch of n files needs.
func (s *Store) prepareBatch(ctx context.Context, n int) error {
	for _, t := range []*bulkTable{filesTable, factsTable} {
		if err := s.bulk.prepare(ctx, s.writeDB, t, n); err != nil {
			return err
		}
	}
	return nil
}

const (
	// ?1 is a JSON array of paths; key is the index in it.
	storedSQL  = `SELECT j.key, f.fid, f.n_symbols, f.n_literals, f.searched FROM json_each(?1) j JOIN files f ON f.path = j.value`
	maxFileSQL = `SELECT coalesce(max(fid), 0) FROM files`
	// ?1 is a JSON array of rowids.
	deleteSearchRowsSQL = `DELETE FROM search WHERE rowid IN (SELECT value FROM json_each(?1))`
	// ?1 is a JSON array of [rowid, words, container, path].
	insertSearchSQL = `INSERT INTO search(rowid, words, container, path)
SELECT value->>0, value->>1, value->>2, value->>3 FROM jsonb_each(?1)`
	// ?1 is how many search rows were added (negative: removed).
	addSearchRowsSQL  = `UPDATE meta SET value = value + ?1 WHERE key = 'search_rows'`
	nextGenerationSQL = `UPDATE meta SET value = value + 1 WHERE key = 'generation' RETURNING value`
)

// stored is what files records of a file: where its rows are, how many
// symbols and literals (so search rows) it has, and whether they are in
// the search table.
type stored struct {
	fid               int64
	symbols, literals int64
	searched          bool
}

// searchRowids appends the search rowids of a stored file.
func (st stored) searchRowids(b []byte) []byte {
	base := st.fid << rowShift
	for k := range st.symbols {
		b = appendJSONInt(b, (base|k)*2)
	}
	for k := range st.literals {
		b = appendJSONInt(b, (base|k)*2+1)
	}
	return b
}

// searchInlineFiles: a batch of at most this many files (an editor's
// buffer, a save) writes its search rows at once; a larger one (an index
// pass) leaves them to the search build (search.go), so that the facts the
// graph stage answers from are written first.
const searchInlineFiles = 8

var encoderPool = sync.Pool{New: func() any { return &bodyEncoder{} }}

// ReplaceFiles replaces everything known about each file of the batch in one
// transaction: a crash or a cancelled ctx leaves the previous state whole.
// Rows belong to the file they are given with; their own Path fields are not
// consulted. When a path occurs twice in a batch the last occurrence wins.
func (s *Store) ReplaceFiles(ctx context.Context, batch []fact.FileFacts) error {
	batch = lastOfEachPath(batch)
	if len(batch) == 0 {
		return nil
	}
	for i := range batch {
		if n := max(len(batch[i].Symbols), len(batch[i].Calls), len(batch[i].Literals)); n >= 1<<rowShift {
			return fmt.Errorf("embedded: replace %s: %d rows of one kind in one file, at most %d", batch[i].File.Path, n, 1<<rowShift-1)
		}
	}
	// Encoded before the write lock is taken: another writer's transaction
	// need not wait for it.
	enc := make([]encoded, len(batch))
	e := encoderPool.Get().(*bodyEncoder)
	for i := range batch {
		enc[i] = e.encode(&batch[i])
	}
	encoderPool.Put(e)
	inline := len(batch) <= searchInlineFiles

	s.invalidate(batch)
	// One writer at a time, from preparing its statements to its commit:
	// preparing needs the only writer connection, which another writer's
	// open transaction holds while it waits for the prepared statements.
	s.writeMu.Lock()
	err := s.prepareBatch(ctx, len(batch))
	var generation int64
	var fids []int64
	if err == nil {
		generation, err = s.write(ctx, func(tx *sql.Tx) error {
			var err error
			fids, err = s.replace(ctx, tx, batch, enc, inline)
			return err
		}, func(generation int64) {
			changes := make([]nameChange, len(batch))
			for i := range batch {
				changes[i] = nameChange{fid: fids[i], path: batch[i].File.Path, facts: &batch[i]}
			}
			s.names.writtenLocked(generation, changes)
		})
	}
	s.writeMu.Unlock()
	s.invalidate(batch) // what a reader cached meanwhile
	if err != nil {
		return fmt.Errorf("embedded: replace: %w", s.noteErr(err))
	}
	paths := make([]string, len(batch))
	names := map[string]struct{}{}
	for i := range batch {
		paths[i] = batch[i].File.Path
		if len(batch) <= callCacheClearBatch {
			for j := range batch[i].Calls {
				names[batch[i].Calls[j].Callee] = struct{}{}
			}
		}
	}
	s.calls.written(generation, paths, names)
	symbolNames := map[string]struct{}{}
	for i := range batch {
		for j := range batch[i].Symbols {
			symbolNames[batch[i].Symbols[j].Name] = struct{}{}
		}
	}
	s.kept.written(generation, paths, symbolNames)
	return nil
}

// write runs f in a write transaction, which it makes the store's next
// generation; it returns that generation. committed, if not nil, is called
// right after the commit with the name index locked (see nameIndex), so
// that no reader sees the new generation before the index has it.
func (s *Store) write(ctx context.Context, f func(*sql.Tx) error, committed func(generation int64)) (int64, error) {
	tx, err := s.writeDB.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() // a no-op after Commit
	if err := f(tx); err != nil {
		return 0, err
	}
	var generation int64
	if err := tx.QueryRowContext(ctx, nextGenerationSQL).Scan(&generation); err != nil {
		return 0, fmt.Errorf("next generation: %w", err)
	}
	s.names.mu.Lock()
	defer s.names.mu.Unlock()
	if err := tx.Commit(); err != nil {
		s.names.dropLocked() // it may or may not have committed
		return 0, fmt.Errorf("commit: %w", err)
	}
	if committed != nil {
		committed(generation)
	}
	return generation, nil
}

// replace writes the batch's rows and returns the files' fids.
func (s *Store) replace(ctx context.Context, tx *sql.Tx, batch []fact.FileFacts, enc []encoded, inline bool) ([]int64, error) {
	// 1. What is stored of the files: fids are kept across replacements,
	// new files get the next ones.
	old := make([]stored, len(batch))
	paths := []byte{'['}
	for i := range batch {
		if i > 0 {
			paths = append(paths, ',')
		}
		paths = appendJSONString(paths, batch[i].File.Path)
	}
	paths = append(paths, ']')
	rows, err := tx.QueryContext(ctx, storedSQL, string(paths))
	if err != nil {
		return nil, fmt.Errorf("look up files: %w", err)
	}
	known := 0
	for rows.Next() {
		var i int
		var st stored
		if err := rows.Scan(&i, &st.fid, &st.symbols, &st.literals, &st.searched); err != nil {
			rows.Close()
			return nil, fmt.Errorf("look up files: %w", err)
		}
		old[i] = st
		known++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("look up files: %w", err)
	}
	fids := make([]int64, len(batch))
	for i := range old {
		fids[i] = old[i].fid
	}
	if known < len(batch) {
		var next int64
		if err := tx.QueryRowContext(ctx, maxFileSQL).Scan(&next); err != nil {
			return nil, fmt.Errorf("next file id: %w", err)
		}
		for i := range fids {
			if fids[i] == 0 {
				next++
				fids[i] = next
			}
		}
	}

	// 2. The search rows of the stored versions go.
	var stale []byte
	var searchDelta int64
	for i := range old {
		if old[i].fid != 0 && old[i].searched {
			stale = old[i].searchRowids(stale)
			searchDelta -= old[i].symbols + old[i].literals
		}
	}
	if len(stale) > 0 {
		if _, err := tx.ExecContext(ctx, deleteSearchRowsSQL, string(append(stale, ']'))); err != nil {
			return nil, fmt.Errorf("delete old search rows: %w", err)
		}
	}

	// 3. The rows, by fid so that the b-trees take them in order.
	byFid := make([]int, len(batch))
	for i := range byFid {
		byFid[i] = i
	}
	slices.SortFunc(byFid, func(a, b int) int { return cmp.Compare(fids[a], fids[b]) })
	searched := int64(0)
	if inline {
		searched = 1
	}
	fileRows := make([]any, 0, len(batch)*len(filesTable.cols))
	factRows := make([]any, 0, len(batch)*len(factsTable.cols))
	for _, i := range byFid {
		e := &enc[i]
		fileRows = append(fileRows, fids[i], batch[i].File.Path, e.entry, e.nSymbols, e.nCalls, e.nLiterals, searched)
		var extra any // NULL when none
		if e.extra != nil {
			extra = e.extra
		}
		factRows = append(factRows, fids[i], e.names, extra, e.body)
	}
	if err := s.insert(ctx, tx, filesTable, fileRows); err != nil {
		return nil, err
	}
	if err := s.insert(ctx, tx, factsTable, factRows); err != nil {
		return nil, err
	}

	// 4. The search rows, when this batch writes them.
	if inline {
		var docs searchDocs
		for _, i := range byFid {
			docs.addEncoded(fids[i], batch[i].File.Path, &enc[i])
		}
		if err := docs.insert(ctx, tx); err != nil {
			return nil, err
		}
		searchDelta += int64(len(docs.docs))
	}
	if err := countSearchRows(ctx, tx, searchDelta); err != nil {
		return nil, err
	}
	return fids, nil
}

// appendJSONInt appends v to a JSON array being built in b.
func appendJSONInt(b []byte, v int64) []byte {
	if len(b) == 0 {
		b = append(b, '[')
	} else {
		b = append(b, ',')
	}
	return strconv.AppendInt(b, v, 10)
}

func countSearchRows(ctx context.Context, tx *sql.Tx, delta int64) error {
	if delta == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, addSearchRowsSQL, delta); err != nil {
		return fmt.Errorf("count search rows: %w", err)
	}
	return nil
}

// lastOfEachPath drops all but the last occurrence of each path, keeping
// order. Without it a file's first version would be deleted by its second
// while its search rows, still pending, survived.
func lastOfEachPath(batch []fact.FileFacts) []fact.FileFacts {
	last := make(map[string]int, len(batch))
	for i := range batch {
		last[batch[i].File.Path] = i
	}
	if len(last) == len(batch) {
		return batch
	}
	out := make([]fact.FileFacts, 0, len(last))
	for i := range batch {
		if last[batch[i].File.Path] == i {
			out = append(out, batch[i])
		}
	}
	return out
}

// DeleteFile forgets a file and everything in it, in one transaction.
func (s *Store) DeleteFile(ctx context.Context, path string) error {
	s.forget(path)
	s.writeMu.Lock()
	var fid int64
	generation, err := s.write(ctx, func(tx *sql.Tx) error {
		var st stored
		err := tx.QueryRowContext(ctx, `SELECT fid, n_symbols, n_literals, searched FROM files WHERE path = ?`, path).
			Scan(&st.fid, &st.symbols, &st.literals, &st.searched)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		fid = st.fid
		if rowids := st.searchRowids(nil); st.searched && len(rowids) > 0 {
			// A file with no symbol and no literal (a module of imports
			// only) has no search rows: "]" alone is no JSON array.
			if _, err := tx.ExecContext(ctx, deleteSearchRowsSQL, string(append(rowids, ']'))); err != nil {
				return fmt.Errorf("delete search rows: %w", err)
			}
			if err := countSearchRows(ctx, tx, -(st.symbols + st.literals)); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM facts WHERE fid = ?`, st.fid); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM files WHERE fid = ?`, st.fid)
		return err
	}, func(generation int64) {
		var changes []nameChange
		if fid != 0 {
			changes = []nameChange{{fid: fid, path: path}}
		}
		s.names.writtenLocked(generation, changes)
	})
	s.writeMu.Unlock()
	s.forget(path)
	if err != nil {
		return fmt.Errorf("embedded: delete %s: %w", path, s.noteErr(err))
	}
	s.calls.written(generation, []string{path}, nil)
	s.kept.written(generation, []string{path}, nil)
	return nil
}
