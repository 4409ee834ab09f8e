package embedded

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
)

// Writes go in bulk. Row by row, each INSERT cost about ten microseconds,
// mostly in database/sql and the driver rather than in SQLite; now the rows
// of a batch go in by multi-row INSERT … VALUES statements of up to
// bulkChunk rows, prepared once per store.
//
// Rowids are assigned here, not by SQLite, so no statement needs RETURNING
// (see rowShift). A file keeps its fid across replacements, so its new rows
// take the rowids of its old ones: they are written with INSERT OR REPLACE,
// and only the old rows beyond the new counts (kept on the files row) are
// deleted, a rowid range per file and table.
//
// The search table is different. FTS5 flushes its pending in-memory index
// to a new segment at every statement savepoint after it has been written,
// whenever a rowid comes below the previous one, and, with
// contentless_delete, at every row deleted while rows are pending. So its
// rows are written by two statements at most: one deleting the rows of the
// files' previous versions that changed, one adding the new rows in rowid
// order as one JSON document. A row whose symbol or literal is unchanged
// stays, so re-indexing a lightly edited file costs little FTS5 work.
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
		cols: []string{"fid", "path", "entry", "top_calls", "n_symbols", "n_calls", "n_literals"},
		conflict: ` ON CONFLICT(fid) DO UPDATE SET path = excluded.path, entry = excluded.entry, top_calls = excluded.top_calls,
	n_symbols = excluded.n_symbols, n_calls = excluded.n_calls, n_literals = excluded.n_literals`}
	fileExtraTable = &bulkTable{name: "file_extra", replace: true, cols: []string{"fid", "extra"}}
	symbolsTable   = &bulkTable{name: "symbols", replace: true,
		cols: []string{"rid", "id", "language", "name", "kind", "container", "detail", "first_call", "calls"}}
	callsTable    = &bulkTable{name: "calls", replace: true, cols: []string{"cid", "caller", "callee", "receiver", "site", "caller_id"}}
	literalsTable = &bulkTable{name: "literals", replace: true, cols: []string{"lid", "symbol", "text", "span", "symbol_id"}}
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

// prepareBatch prepares the INSERTs a batch needs.
func (s *Store) prepareBatch(ctx context.Context, batch []fact.FileFacts) error {
	var extras, symbols, calls, literals int
	for i := range batch {
		f := &batch[i]
		if len(f.File.Imports)+len(f.File.Fields)+len(f.File.Locals)+len(f.File.Constants) > 0 {
			extras++
		}
		symbols += len(f.Symbols)
		calls += len(f.Calls)
		literals += len(f.Literals)
	}
	for _, t := range []struct {
		table *bulkTable
		rows  int
	}{
		{filesTable, len(batch)},
		{fileExtraTable, extras},
		{symbolsTable, symbols},
		{callsTable, calls},
		{literalsTable, literals},
	} {
		if err := s.bulk.prepare(ctx, s.writeDB, t.table, t.rows); err != nil {
			return err
		}
	}
	return nil
}

const (
	// ?1 is a JSON array of paths; key is the index in it.
	storedSQL  = `SELECT j.key, f.fid, f.n_symbols, f.n_calls, f.n_literals FROM json_each(?1) j JOIN files f ON f.path = j.value`
	maxFileSQL = `SELECT coalesce(max(fid), 0) FROM files`
	// ?1 is a JSON array of rowids or fids.
	deleteSearchRowsSQL = `DELETE FROM search WHERE rowid IN (SELECT value FROM json_each(?1))`
	deleteFileExtraSQL  = `DELETE FROM file_extra WHERE fid IN (SELECT value FROM json_each(?1))`
	// ?1 is a JSON array of [rowid, words, container, path].
	insertSearchSQL = `INSERT INTO search(rowid, words, container, path)
SELECT value->>0, value->>1, value->>2, value->>3 FROM jsonb_each(?1)`
	// ?1 is how many search rows were added (negative: removed).
	addSearchRowsSQL  = `UPDATE meta SET value = value + ?1 WHERE key = 'search_rows'`
	nextGenerationSQL = `UPDATE meta SET value = value + 1 WHERE key = 'generation' RETURNING value`
)

var shiftSQL = strconv.Itoa(rowShift)

// stored is what files records of a file's rows: where they are and how
// many there are of each kind.
type stored struct {
	fid                      int64
	symbols, calls, literals int64
}

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
	s.invalidate(batch)
	// One writer at a time, from preparing its statements to its commit:
	// preparing needs the only writer connection, which another writer's
	// open transaction holds while it waits for the prepared statements.
	s.writeMu.Lock()
	err := s.prepareBatch(ctx, batch)
	var generation int64
	if err == nil {
		generation, err = s.write(ctx, func(tx *sql.Tx) error { return s.replace(ctx, tx, batch) })
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
// generation; it returns that generation.
func (s *Store) write(ctx context.Context, f func(*sql.Tx) error) (int64, error) {
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
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("commit: %w", err)
	}
	return generation, nil
}

func (s *Store) replace(ctx context.Context, tx *sql.Tx, batch []fact.FileFacts) error {
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
		return fmt.Errorf("look up files: %w", err)
	}
	known := 0
	for rows.Next() {
		var i int
		var st stored
		if err := rows.Scan(&i, &st.fid, &st.symbols, &st.calls, &st.literals); err != nil {
			rows.Close()
			return fmt.Errorf("look up files: %w", err)
		}
		old[i] = st
		known++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("look up files: %w", err)
	}
	fids := make([]int64, len(batch))
	for i := range old {
		fids[i] = old[i].fid
	}
	if known < len(batch) {
		var next int64
		if err := tx.QueryRowContext(ctx, maxFileSQL).Scan(&next); err != nil {
			return fmt.Errorf("next file id: %w", err)
		}
		for i := range fids {
			if fids[i] == 0 {
				next++
				fids[i] = next
			}
		}
	}

	// 2. The search documents of the stored versions: one that the new
	// version would write again as it is stays.
	r := rowsPool.Get().(*batchRows)
	defer rowsPool.Put(r)
	r.reset()
	defer r.reset() // not to keep the batch's strings alive in the pool
	var trims []trim
	var noExtra []int64
	var oldFids []byte
	for i := range batch {
		if old[i].fid == 0 {
			continue
		}
		f := &batch[i]
		trims = append(trims, trim{stored: old[i],
			keep: stored{symbols: int64(len(f.Symbols)), calls: int64(len(f.Calls)), literals: int64(len(f.Literals))}})
		if len(f.File.Imports)+len(f.File.Fields)+len(f.File.Locals)+len(f.File.Constants) == 0 {
			noExtra = append(noExtra, old[i].fid)
		}
		oldFids = appendJSONInt(oldFids, old[i].fid)
	}
	if len(oldFids) > 0 {
		if err := r.readOldDocs(ctx, tx, string(append(oldFids, ']'))); err != nil {
			return err
		}
	}

	// 3. Every row of the batch, the old rows the new ones do not replace
	// deleted first, and a few statements per table.
	r.grow(batch)
	// By fid, so that every table's rows come in rowid order: b-trees
	// take that best, and FTS5 needs it (see searchJSON).
	byFid := make([]int, len(batch))
	for i := range byFid {
		byFid[i] = i
	}
	slices.SortFunc(byFid, func(a, b int) int { return cmp.Compare(fids[a], fids[b]) })
	for _, i := range byFid {
		r.addFile(&batch[i], fids[i])
	}
	stale := make([]int64, 0, len(r.oldDocs))
	for rowid := range r.oldDocs {
		stale = append(stale, rowid)
	}
	slices.Sort(stale)
	if err := deleteRows(ctx, tx, trims, stale, noExtra); err != nil {
		return err
	}
	for _, t := range []struct {
		table  *bulkTable
		values []any
	}{
		{filesTable, r.files},
		{fileExtraTable, r.extra},
		{symbolsTable, r.symbols},
		{callsTable, r.calls},
		{literalsTable, r.literals},
	} {
		if err := s.insert(ctx, tx, t.table, t.values); err != nil {
			return err
		}
	}
	if len(r.docs) > 0 {
		if _, err := tx.ExecContext(ctx, insertSearchSQL, r.searchJSON()); err != nil {
			return fmt.Errorf("insert search rows: %w", err)
		}
	}
	return countSearchRows(ctx, tx, int64(len(r.docs)-len(stale)))
}

// oldDocsSQL reads what the search documents of the files in the JSON
// array ?1 of fids were made of: a symbol's name and container, a
// literal's text.
var oldDocsSQL = `SELECT x.rid * 2, x.name, x.container FROM json_each(?1) j
JOIN symbols x ON x.rid >= j.value << ` + shiftSQL + ` AND x.rid < (j.value + 1) << ` + shiftSQL + `
UNION ALL
SELECT x.lid * 2 + 1, x.text, '' FROM json_each(?1) j
JOIN literals x ON x.lid >= j.value << ` + shiftSQL + ` AND x.lid < (j.value + 1) << ` + shiftSQL

// docSource is what a search document is made of, apart from its file's
// path: a symbol's name and container, or a literal's text.
type docSource struct{ text, container string }

func (r *batchRows) readOldDocs(ctx context.Context, tx *sql.Tx, fids string) error {
	rows, err := tx.QueryContext(ctx, oldDocsSQL, fids)
	if err != nil {
		return fmt.Errorf("read old search rows: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var rowid int64
		var doc docSource
		if err := rows.Scan(&rowid, &doc.text, &doc.container); err != nil {
			return fmt.Errorf("read old search rows: %w", err)
		}
		r.oldDocs[rowid] = doc
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read old search rows: %w", err)
	}
	return nil
}

// trim is a stored file of which only the first keep rows of each kind
// stay.
type trim struct {
	stored
	keep stored
}

// deleteRows deletes the search rows docs, the rows the trims drop and the
// extras of the files in noExtra.
func deleteRows(ctx context.Context, tx *sql.Tx, trims []trim, docs, noExtra []int64) error {
	var rowids []byte
	for _, rowid := range docs {
		rowids = appendJSONInt(rowids, rowid)
	}
	if len(rowids) > 0 {
		if _, err := tx.ExecContext(ctx, deleteSearchRowsSQL, string(append(rowids, ']'))); err != nil {
			return fmt.Errorf("delete old search rows: %w", err)
		}
	}
	for _, table := range []struct {
		name  string
		sql   string
		count func(stored) int64
	}{
		{"symbols", `DELETE FROM symbols WHERE rid >= ?1 AND rid < ?2`, func(s stored) int64 { return s.symbols }},
		{"calls", `DELETE FROM calls WHERE cid >= ?1 AND cid < ?2`, func(s stored) int64 { return s.calls }},
		{"literals", `DELETE FROM literals WHERE lid >= ?1 AND lid < ?2`, func(s stored) int64 { return s.literals }},
	} {
		var stmt *sql.Stmt
		for _, t := range trims {
			keep, had := table.count(t.keep), table.count(t.stored)
			if keep >= had {
				continue
			}
			if stmt == nil {
				var err error
				if stmt, err = tx.PrepareContext(ctx, table.sql); err != nil {
					return fmt.Errorf("delete old %s: %w", table.name, err)
				}
			}
			base := t.fid << rowShift
			if _, err := stmt.ExecContext(ctx, base|keep, base|had); err != nil {
				return fmt.Errorf("delete old %s: %w", table.name, err)
			}
		}
	}
	if len(noExtra) > 0 {
		var fids []byte
		for _, fid := range noExtra {
			fids = appendJSONInt(fids, fid)
		}
		if _, err := tx.ExecContext(ctx, deleteFileExtraSQL, string(append(fids, ']'))); err != nil {
			return fmt.Errorf("delete old file extras: %w", err)
		}
	}
	return nil
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

// batchRows are the values of a batch's rows, table by table, reused across
// batches.
type batchRows struct {
	files, extra, symbols, calls, literals []any
	// docs are the search rows to add, each [rowid, words, container,
	// path] in JSON at docs[i].start:docs[i].end of docText.
	docs    []searchDoc
	docText []byte
	// oldDocs are the stored search documents of the batch's files, by
	// rowid; addFile takes out those it would write again as they are.
	oldDocs map[int64]docSource
	// arena holds the blobs; a blob is never written again once sliced
	// off, so growing the arena leaves earlier blobs intact.
	arena   []byte
	scratch []byte

	symbolOrder, callOrder []int
	callGroup              []int // by call: see addFile
	ordinal                map[string]int64
	firstCall, callCount   []int64 // by symbol ordinal
}

var rowsPool = sync.Pool{New: func() any {
	return &batchRows{ordinal: map[string]int64{}, oldDocs: map[int64]docSource{}}
}}

func (r *batchRows) reset() {
	for _, values := range [][]any{r.files, r.extra, r.symbols, r.calls, r.literals} {
		clear(values)
	}
	r.files, r.extra, r.symbols, r.calls, r.literals = r.files[:0], r.extra[:0], r.symbols[:0], r.calls[:0], r.literals[:0]
	r.docs, r.docText = r.docs[:0], r.docText[:0]
	r.arena = r.arena[:0]
	clear(r.oldDocs)
}

// grow makes room for the rows of batch.
func (r *batchRows) grow(batch []fact.FileFacts) {
	var symbols, calls, literals int
	for i := range batch {
		symbols += len(batch[i].Symbols)
		calls += len(batch[i].Calls)
		literals += len(batch[i].Literals)
	}
	r.files = slices.Grow(r.files, len(batch)*len(filesTable.cols))
	r.extra = slices.Grow(r.extra, len(batch)*len(fileExtraTable.cols))
	r.symbols = slices.Grow(r.symbols, symbols*len(symbolsTable.cols))
	r.calls = slices.Grow(r.calls, calls*len(callsTable.cols))
	r.literals = slices.Grow(r.literals, literals*len(literalsTable.cols))
	// About what the blobs and the search rows take.
	r.arena = slices.Grow(r.arena, len(batch)*512+symbols*48+calls*24+literals*12)
	r.docs = slices.Grow(r.docs, symbols+literals)
	r.docText = slices.Grow(r.docText, (symbols+literals)*80)
}

// blob returns the bytes appended to the arena by add.
func (r *batchRows) blob(add func([]byte) []byte) []byte {
	start := len(r.arena)
	r.arena = add(r.arena)
	return r.arena[start:len(r.arena):len(r.arena)]
}

// searchRow adds the search document of rowid, unless it is stored as it is.
func (r *batchRows) searchRow(rowid int64, src docSource, path string) {
	if old, ok := r.oldDocs[rowid]; ok && old == src {
		delete(r.oldDocs, rowid)
		return
	}
	words, container := identifierWords(src.text), ""
	if src.container != "" {
		container = strings.Join(fact.SplitWords(src.container), " ")
	}
	start := len(r.docText)
	r.docText = append(r.docText, '[')
	r.docText = strconv.AppendInt(r.docText, rowid, 10)
	for _, s := range []string{words, container, path} {
		r.docText = append(r.docText, ',')
		r.docText = appendJSONString(r.docText, s)
	}
	r.docText = append(r.docText, ']')
	r.docs = append(r.docs, searchDoc{rowid, start, len(r.docText)})
}

type searchDoc struct {
	rowid      int64
	start, end int
}

// searchJSON returns the search rows to add as one JSON array, by rowid:
// FTS5 flushes its pending index to a new segment whenever a rowid is
// smaller than the one before, so out of order they would make a segment
// per file (a file's literals come after its symbols, at smaller rowids).
func (r *batchRows) searchJSON() string {
	slices.SortFunc(r.docs, func(a, b searchDoc) int { return cmp.Compare(a.rowid, b.rowid) })
	var b strings.Builder
	b.Grow(len(r.docText) + len(r.docs) + 2)
	b.WriteByte('[')
	for i, d := range r.docs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(r.docText[d.start:d.end])
	}
	b.WriteByte(']')
	return b.String()
}

// sortedIndexes returns 0..n-1 in buf, sorted stably by key.
func sortedIndexes(buf []int, n int, key func(int) (int, uint32)) []int {
	buf = buf[:0]
	for i := range n {
		buf = append(buf, i)
	}
	slices.SortStableFunc(buf, func(a, b int) int {
		ga, sa := key(a)
		gb, sb := key(b)
		if c := cmp.Compare(ga, gb); c != 0 {
			return c
		}
		return cmp.Compare(sa, sb)
	})
	return buf
}

// addFile adds the rows of one file.
//
// Symbols are numbered in source order. Calls are numbered by caller, so
// that the calls of one symbol are one rowid range, which the symbol row
// records (first_call, calls) and CallsFrom reads without an index on the
// caller: first the calls at the top level (their count is files.top_calls),
// then each symbol's in the symbols' order, then the calls whose CallerID
// names no symbol of the file (the indexer makes none, but the store keeps
// what it is given), each group in source order.
func (r *batchRows) addFile(facts *fact.FileFacts, fid int64) {
	f := &facts.File
	base := fid << rowShift

	r.symbolOrder = sortedIndexes(r.symbolOrder, len(facts.Symbols), func(i int) (int, uint32) {
		return 0, facts.Symbols[i].Span.StartByte
	})
	clear(r.ordinal)
	for ord, i := range r.symbolOrder {
		if _, dup := r.ordinal[facts.Symbols[i].ID]; !dup {
			r.ordinal[facts.Symbols[i].ID] = int64(ord)
		}
	}
	const orphans = math.MaxInt
	r.callGroup = r.callGroup[:0]
	for i := range facts.Calls {
		id := facts.Calls[i].CallerID
		group := 0
		if ord, ok := r.ordinal[id]; ok && id != "" {
			group = 1 + int(ord)
		} else if id != "" {
			group = orphans
		}
		r.callGroup = append(r.callGroup, group)
	}
	r.callOrder = sortedIndexes(r.callOrder, len(facts.Calls), func(i int) (int, uint32) {
		return r.callGroup[i], facts.Calls[i].Span.StartByte
	})
	r.firstCall = slices.Grow(r.firstCall[:0], len(facts.Symbols))[:len(facts.Symbols)]
	r.callCount = slices.Grow(r.callCount[:0], len(facts.Symbols))[:len(facts.Symbols)]
	clear(r.firstCall)
	clear(r.callCount)
	var topCalls int64
	for ord, i := range r.callOrder {
		c := &facts.Calls[i]
		var caller, callerID any // NULL unless set
		switch g := r.callGroup[i]; g {
		case 0:
			topCalls++
		case orphans:
			callerID = c.CallerID
		default:
			if r.callCount[g-1] == 0 {
				r.firstCall[g-1] = int64(ord)
			}
			r.callCount[g-1]++
			caller = int64(g - 1)
		}
		site := r.blob(func(b []byte) []byte { return appendCallSite(b, c) })
		r.calls = append(r.calls, base|int64(ord), caller, c.Callee, c.Receiver, site, callerID)
	}

	r.scratch = appendFileEntry(r.scratch[:0], f)
	r.files = append(r.files, fid, f.Path, string(r.scratch),
		topCalls, int64(len(facts.Symbols)), int64(len(facts.Calls)), int64(len(facts.Literals)))
	if x := (fileExtra{Imports: f.Imports, Fields: f.Fields, Locals: f.Locals, Constants: f.Constants}); !x.empty() {
		r.extra = append(r.extra, fid, r.blob(func(b []byte) []byte { return appendFileExtra(b, &x) }))
	}

	pathWords := strings.Join(fact.SplitWords(f.Path), " ")
	for ord, i := range r.symbolOrder {
		sym := &facts.Symbols[i]
		rid := base | int64(ord)
		detail := r.blob(func(b []byte) []byte { return appendSymbolDetail(b, sym) })
		r.symbols = append(r.symbols, rid, sym.ID, string(sym.Language), sym.Name, string(sym.Kind), sym.Container,
			detail, r.firstCall[ord], r.callCount[ord])
		r.searchRow(rid*2, docSource{sym.Name, sym.Container}, pathWords)
	}
	for ord := range facts.Literals {
		lit := &facts.Literals[ord]
		lid := base | int64(ord)
		var symbol, symbolID any
		if sord, ok := r.ordinal[lit.SymbolID]; ok && lit.SymbolID != "" {
			symbol = sord
		} else if lit.SymbolID != "" {
			symbolID = lit.SymbolID
		}
		span := r.blob(func(b []byte) []byte { return appendSpan(b, lit.Span) })
		r.literals = append(r.literals, lid, symbol, lit.Text, span, symbolID)
		r.searchRow(lid*2+1, docSource{text: lit.Text}, pathWords)
	}
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

// identifierWords is what the search table indexes for a name: its words
// plus, for a compound name, the words run together, so a query that spells
// the whole identifier (moveFilesToPermanentStorage) matches it on one more,
// rare and therefore heavily weighted, term.
func identifierWords(name string) string {
	words := fact.SplitWords(name)
	text := strings.Join(words, " ")
	if len(words) > 1 {
		text += " " + strings.Join(words, "")
	}
	return text
}

// DeleteFile forgets a file and everything in it, in one transaction.
func (s *Store) DeleteFile(ctx context.Context, path string) error {
	s.forget(path)
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	generation, err := s.write(ctx, func(tx *sql.Tx) error {
		var st stored
		err := tx.QueryRowContext(ctx, `SELECT fid, n_symbols, n_calls, n_literals FROM files WHERE path = ?`, path).
			Scan(&st.fid, &st.symbols, &st.calls, &st.literals)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		var docs []int64
		base := st.fid << rowShift
		for k := range st.symbols {
			docs = append(docs, (base|k)*2)
		}
		for k := range st.literals {
			docs = append(docs, (base|k)*2+1)
		}
		if err := deleteRows(ctx, tx, []trim{{stored: st}}, docs, []int64{st.fid}); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM files WHERE fid = ?`, st.fid); err != nil {
			return err
		}
		return countSearchRows(ctx, tx, -int64(len(docs)))
	})
	s.forget(path)
	if err != nil {
		return fmt.Errorf("embedded: delete %s: %w", path, s.noteErr(err))
	}
	s.calls.written(generation, []string{path}, nil)
	s.kept.written(generation, []string{path}, nil)
	return nil
}
