package embedded

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/treesitter"
)

// fileExtra is the JSON kept in files.extra: what the resolver needs of a
// file but never searches by.
type fileExtra struct {
	Imports []treesitter.Import `json:"imports,omitempty"`
	Fields  []treesitter.Field  `json:"fields,omitempty"`
	Locals  []graph.Local       `json:"locals,omitempty"`
}

// symbolExtra is the JSON kept in symbols.extra.
type symbolExtra struct {
	Decorators []treesitter.Decorator `json:"decorators,omitempty"`
	Params     []treesitter.Param     `json:"params,omitempty"`
	Extends    []string               `json:"extends,omitempty"`
	Returns    string                 `json:"returns,omitempty"`
}

// searchDoc is one row of the search table, written in bulk (see ReplaceFiles).
type searchDoc struct {
	RowID     int64  `json:"r"`
	Words     string `json:"w"`
	Container string `json:"c"`
	Path      string `json:"p"`
}

// The write statements, prepared once per transaction: a dozen preparations
// are nothing next to a batch of a hundred files, and no statement outlives
// its transaction.
//
// The search table is written by one statement at the start of a batch
// (deleting) and one at its end (inserting), never row by row in between:
// FTS5 flushes its pending in-memory index to disk at every statement
// savepoint after it has been written in a transaction, so interleaving its
// writes with the other tables' would flush after every row and leave a
// heap of tiny segments to merge (that alone halved indexing speed).
const (
	fileIDSQL     = `SELECT fid FROM files WHERE path = ?`
	upsertFileSQL = `INSERT INTO files(path, hash, size, mtime, language, package, errors, extra)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
ON CONFLICT(path) DO UPDATE SET hash = ?2, size = ?3, mtime = ?4, language = ?5, package = ?6, errors = ?7, extra = ?8
RETURNING fid`
	// ?1 is a JSON array of fids.
	deleteSearchOfFilesSQL = `DELETE FROM search WHERE rowid IN (
	SELECT rid * 2 FROM symbols WHERE fid IN (SELECT value FROM json_each(?1))
	UNION ALL
	SELECT rid * 2 + 1 FROM literals WHERE fid IN (SELECT value FROM json_each(?1)))`
	deleteSymbolsOfFileSQL  = `DELETE FROM symbols WHERE fid = ?`
	deleteCallsOfFileSQL    = `DELETE FROM calls WHERE fid = ?`
	deleteLiteralsOfFileSQL = `DELETE FROM literals WHERE fid = ?`
	deleteFileSQL           = `DELETE FROM files WHERE fid = ?`
	insertSymbolSQL         = `INSERT INTO symbols(fid, id, language, name, kind, container, spans, start, extra)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING rid`
	insertCallSQL = `INSERT INTO calls(fid, caller_id, callee, receiver, span, start, args, new)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	insertLiteralSQL = `INSERT INTO literals(fid, symbol_id, text, span) VALUES (?, ?, ?, ?) RETURNING rid`
	// ?1 is a JSON array of searchDoc.
	insertSearchSQL = `INSERT INTO search(rowid, words, container, path)
SELECT value->>'r', value->>'w', value->>'c', value->>'p' FROM json_each(?1)`
)

type writeStatements struct {
	fileID, upsertFile, deleteFile                      *sql.Stmt
	deleteSearch, deleteSymbols, deleteCalls, deleteLit *sql.Stmt
	insertSymbol, insertCall, insertLiteral, insertText *sql.Stmt
}

func prepareWrite(ctx context.Context, tx *sql.Tx) (*writeStatements, error) {
	var w writeStatements
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&w.fileID, fileIDSQL},
		{&w.upsertFile, upsertFileSQL},
		{&w.deleteFile, deleteFileSQL},
		{&w.deleteSearch, deleteSearchOfFilesSQL},
		{&w.deleteSymbols, deleteSymbolsOfFileSQL},
		{&w.deleteCalls, deleteCallsOfFileSQL},
		{&w.deleteLit, deleteLiteralsOfFileSQL},
		{&w.insertSymbol, insertSymbolSQL},
		{&w.insertCall, insertCallSQL},
		{&w.insertLiteral, insertLiteralSQL},
		{&w.insertText, insertSearchSQL},
	} {
		stmt, err := tx.PrepareContext(ctx, p.sql)
		if err != nil {
			return nil, fmt.Errorf("embedded: prepare %q: %w", firstLine(p.sql), err)
		}
		*p.stmt = stmt
	}
	return &w, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// ReplaceFiles replaces everything known about each file of the batch in one
// transaction: a crash or a cancelled ctx leaves the previous state whole.
// Rows belong to the file they are given with; their own Path fields are not
// consulted. When a path occurs twice in a batch the last occurrence wins.
func (s *Store) ReplaceFiles(ctx context.Context, batch []graph.FileFacts) error {
	batch = lastOfEachPath(batch)
	if len(batch) == 0 {
		return nil
	}
	tx, err := s.writeDB.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("embedded: begin replace: %w", err)
	}
	defer tx.Rollback() // a no-op after Commit
	w, err := prepareWrite(ctx, tx)
	if err != nil {
		return err
	}

	// 1. The search rows of the files' previous versions, in one statement.
	var oldFids []int64
	for i := range batch {
		var fid int64
		switch err := w.fileID.QueryRowContext(ctx, batch[i].File.Path).Scan(&fid); err {
		case nil:
			oldFids = append(oldFids, fid)
		case sql.ErrNoRows:
		default:
			return fmt.Errorf("embedded: replace %s: %w", batch[i].File.Path, err)
		}
	}
	if err := w.deleteSearchOf(ctx, oldFids); err != nil {
		return fmt.Errorf("embedded: replace: delete old search rows: %w", err)
	}

	// 2. Files, symbols, calls and literals, row by row.
	var docs []searchDoc
	var scratch []byte
	for i := range batch {
		if docs, scratch, err = w.replaceFile(ctx, &batch[i], docs, scratch); err != nil {
			return fmt.Errorf("embedded: replace %s: %w", batch[i].File.Path, err)
		}
	}

	// 3. The new search rows, in one statement.
	if len(docs) > 0 {
		payload, err := json.Marshal(docs)
		if err != nil {
			return fmt.Errorf("embedded: replace: encode search rows: %w", err)
		}
		if _, err := w.insertText.ExecContext(ctx, payload); err != nil {
			return fmt.Errorf("embedded: replace: insert search rows: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("embedded: commit replace: %w", err)
	}
	return nil
}

// lastOfEachPath drops all but the last occurrence of each path, keeping
// order. Without it a file's first version would be deleted by its second
// while its search rows, still pending, survived.
func lastOfEachPath(batch []graph.FileFacts) []graph.FileFacts {
	last := make(map[string]int, len(batch))
	for i := range batch {
		last[batch[i].File.Path] = i
	}
	if len(last) == len(batch) {
		return batch
	}
	out := make([]graph.FileFacts, 0, len(last))
	for i := range batch {
		if last[batch[i].File.Path] == i {
			out = append(out, batch[i])
		}
	}
	return out
}

func (w *writeStatements) deleteSearchOf(ctx context.Context, fids []int64) error {
	if len(fids) == 0 {
		return nil
	}
	payload, err := json.Marshal(fids)
	if err != nil {
		return err
	}
	_, err = w.deleteSearch.ExecContext(ctx, payload)
	return err
}

// deleteRows deletes a file's symbols, calls and literals (not its search
// rows, which go first, in bulk).
func (w *writeStatements) deleteRows(ctx context.Context, fid int64) error {
	for _, stmt := range []*sql.Stmt{w.deleteSymbols, w.deleteCalls, w.deleteLit} {
		if _, err := stmt.ExecContext(ctx, fid); err != nil {
			return err
		}
	}
	return nil
}

// replaceFile writes one file and appends its search rows to docs; scratch
// is a reusable buffer for span blobs.
func (w *writeStatements) replaceFile(ctx context.Context, facts *graph.FileFacts, docs []searchDoc, scratch []byte) ([]searchDoc, []byte, error) {
	f := &facts.File
	extra, err := marshalExtra(fileExtra{Imports: f.Imports, Fields: f.Fields, Locals: f.Locals},
		len(f.Imports)+len(f.Fields)+len(f.Locals) == 0)
	if err != nil {
		return docs, scratch, err
	}
	var fid int64
	if err := w.upsertFile.QueryRowContext(ctx, f.Path, f.Hash, f.Size, f.ModTime, string(f.Language),
		f.Package, f.Errors, extra).Scan(&fid); err != nil {
		return docs, scratch, fmt.Errorf("file row: %w", err)
	}
	// The file row keeps its fid across replacements, so old rows are found
	// by it; on a first index these deletes touch nothing.
	if err := w.deleteRows(ctx, fid); err != nil {
		return docs, scratch, fmt.Errorf("delete old rows: %w", err)
	}

	pathWords := strings.Join(graph.SplitWords(f.Path), " ")
	for i := range facts.Symbols {
		sym := &facts.Symbols[i]
		extra, err := marshalExtra(symbolExtra{Decorators: sym.Decorators, Params: sym.Params, Extends: sym.Extends, Returns: sym.Returns},
			len(sym.Decorators)+len(sym.Params)+len(sym.Extends) == 0 && sym.Returns == "")
		if err != nil {
			return docs, scratch, err
		}
		scratch = appendSpan(appendSpan(scratch[:0], sym.Span), sym.Selection)
		var rid int64
		if err := w.insertSymbol.QueryRowContext(ctx, fid, sym.ID, string(sym.Language), sym.Name, string(sym.Kind),
			sym.Container, scratch, sym.Span.StartByte, extra).Scan(&rid); err != nil {
			return docs, scratch, fmt.Errorf("symbol %s: %w", sym.ID, err)
		}
		docs = append(docs, searchDoc{RowID: rid * 2, Words: identifierWords(sym.Name),
			Container: strings.Join(graph.SplitWords(sym.Container), " "), Path: pathWords})
	}
	for i := range facts.Calls {
		c := &facts.Calls[i]
		scratch = appendSpan(scratch[:0], c.Span)
		if _, err := w.insertCall.ExecContext(ctx, fid, c.CallerID, c.Callee, c.Receiver, scratch,
			c.Span.StartByte, encodeStrings(c.Args), c.New); err != nil {
			return docs, scratch, fmt.Errorf("call of %s: %w", c.Callee, err)
		}
	}
	for i := range facts.Literals {
		lit := &facts.Literals[i]
		scratch = appendSpan(scratch[:0], lit.Span)
		var rid int64
		if err := w.insertLiteral.QueryRowContext(ctx, fid, lit.SymbolID, lit.Text, scratch).Scan(&rid); err != nil {
			return docs, scratch, fmt.Errorf("literal: %w", err)
		}
		docs = append(docs, searchDoc{RowID: rid*2 + 1, Words: identifierWords(lit.Text), Path: pathWords})
	}
	return docs, scratch, nil
}

// identifierWords is what the search table indexes for a name: its words
// plus, for a compound name, the words run together, so a query that spells
// the whole identifier (moveFilesToPermanentStorage) matches it on one more,
// rare and therefore heavily weighted, term.
func identifierWords(name string) string {
	words := graph.SplitWords(name)
	text := strings.Join(words, " ")
	if len(words) > 1 {
		text += " " + strings.Join(words, "")
	}
	return text
}

func marshalExtra(v any, empty bool) ([]byte, error) {
	if empty {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	return b, nil
}

// DeleteFile forgets a file and everything in it, in one transaction.
func (s *Store) DeleteFile(ctx context.Context, path string) error {
	tx, err := s.writeDB.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("embedded: begin delete: %w", err)
	}
	defer tx.Rollback()
	w, err := prepareWrite(ctx, tx)
	if err != nil {
		return err
	}
	var fid int64
	switch err := w.fileID.QueryRowContext(ctx, path).Scan(&fid); err {
	case nil:
	case sql.ErrNoRows:
		return nil
	default:
		return fmt.Errorf("embedded: delete %s: %w", path, err)
	}
	if err := w.deleteSearchOf(ctx, []int64{fid}); err != nil {
		return fmt.Errorf("embedded: delete %s: %w", path, err)
	}
	if err := w.deleteRows(ctx, fid); err != nil {
		return fmt.Errorf("embedded: delete %s: %w", path, err)
	}
	if _, err := w.deleteFile.ExecContext(ctx, fid); err != nil {
		return fmt.Errorf("embedded: delete %s: %w", path, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("embedded: commit delete %s: %w", path, err)
	}
	return nil
}
