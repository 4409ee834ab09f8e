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
}

// The write statements, prepared once per transaction: a dozen preparations
// are nothing next to a batch of a hundred files, and no statement outlives
// its transaction.
const (
	upsertFileSQL = `INSERT INTO files(path, hash, size, mtime, language, package, errors, extra)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
ON CONFLICT(path) DO UPDATE SET hash = ?2, size = ?3, mtime = ?4, language = ?5, package = ?6, errors = ?7, extra = ?8
RETURNING fid`
	deleteSearchOfFileSQL = `DELETE FROM search WHERE rowid IN (
	SELECT rid * 2 FROM symbols WHERE fid = ?1
	UNION ALL
	SELECT rid * 2 + 1 FROM literals WHERE fid = ?1)`
	deleteSymbolsOfFileSQL  = `DELETE FROM symbols WHERE fid = ?`
	deleteCallsOfFileSQL    = `DELETE FROM calls WHERE fid = ?`
	deleteLiteralsOfFileSQL = `DELETE FROM literals WHERE fid = ?`
	deleteFileSQL           = `DELETE FROM files WHERE fid = ?`
	fileIDSQL               = `SELECT fid FROM files WHERE path = ?`
	insertSymbolSQL         = `INSERT INTO symbols(fid, id, language, name, kind, container, spans, start, extra)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING rid`
	insertCallSQL = `INSERT INTO calls(fid, caller_id, callee, receiver, span, start, args, new)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	insertLiteralSQL = `INSERT INTO literals(fid, symbol_id, text, span) VALUES (?, ?, ?, ?) RETURNING rid`
	insertSearchSQL  = `INSERT INTO search(rowid, words, container, path) VALUES (?, ?, ?, ?)`
)

type writeStatements struct {
	upsertFile, fileID, deleteFile                      *sql.Stmt
	deleteSearch, deleteSymbols, deleteCalls, deleteLit *sql.Stmt
	insertSymbol, insertCall, insertLiteral, insertText *sql.Stmt
}

func prepareWrite(ctx context.Context, tx *sql.Tx) (*writeStatements, error) {
	var w writeStatements
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&w.upsertFile, upsertFileSQL},
		{&w.fileID, fileIDSQL},
		{&w.deleteFile, deleteFileSQL},
		{&w.deleteSearch, deleteSearchOfFileSQL},
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
// consulted.
func (s *Store) ReplaceFiles(ctx context.Context, batch []graph.FileFacts) error {
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
	var scratch []byte
	for i := range batch {
		if scratch, err = w.replaceFile(ctx, &batch[i], scratch); err != nil {
			return fmt.Errorf("embedded: replace %s: %w", batch[i].File.Path, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("embedded: commit replace: %w", err)
	}
	return nil
}

func (w *writeStatements) deleteRows(ctx context.Context, fid int64) error {
	for _, stmt := range []*sql.Stmt{w.deleteSearch, w.deleteSymbols, w.deleteCalls, w.deleteLit} {
		if _, err := stmt.ExecContext(ctx, fid); err != nil {
			return err
		}
	}
	return nil
}

// replaceFile writes one file; scratch is a reusable buffer for span blobs.
func (w *writeStatements) replaceFile(ctx context.Context, facts *graph.FileFacts, scratch []byte) ([]byte, error) {
	f := &facts.File
	extra, err := marshalExtra(fileExtra{Imports: f.Imports, Fields: f.Fields, Locals: f.Locals},
		len(f.Imports)+len(f.Fields)+len(f.Locals) == 0)
	if err != nil {
		return scratch, err
	}
	var fid int64
	if err := w.upsertFile.QueryRowContext(ctx, f.Path, f.Hash, f.Size, f.ModTime, string(f.Language),
		f.Package, f.Errors, extra).Scan(&fid); err != nil {
		return scratch, fmt.Errorf("file row: %w", err)
	}
	// The file row keeps its fid across replacements, so old rows are found
	// by it; on a first index these deletes touch nothing.
	if err := w.deleteRows(ctx, fid); err != nil {
		return scratch, fmt.Errorf("delete old rows: %w", err)
	}

	pathWords := strings.Join(graph.SplitWords(f.Path), " ")
	for i := range facts.Symbols {
		sym := &facts.Symbols[i]
		extra, err := marshalExtra(symbolExtra{Decorators: sym.Decorators, Params: sym.Params, Extends: sym.Extends},
			len(sym.Decorators)+len(sym.Params)+len(sym.Extends) == 0)
		if err != nil {
			return scratch, err
		}
		scratch = appendSpan(appendSpan(scratch[:0], sym.Span), sym.Selection)
		var rid int64
		if err := w.insertSymbol.QueryRowContext(ctx, fid, sym.ID, string(sym.Language), sym.Name, string(sym.Kind),
			sym.Container, scratch, sym.Span.StartByte, extra).Scan(&rid); err != nil {
			return scratch, fmt.Errorf("symbol %s: %w", sym.ID, err)
		}
		if _, err := w.insertText.ExecContext(ctx, rid*2, identifierWords(sym.Name),
			strings.Join(graph.SplitWords(sym.Container), " "), pathWords); err != nil {
			return scratch, fmt.Errorf("search row of %s: %w", sym.ID, err)
		}
	}
	for i := range facts.Calls {
		c := &facts.Calls[i]
		scratch = appendSpan(scratch[:0], c.Span)
		if _, err := w.insertCall.ExecContext(ctx, fid, c.CallerID, c.Callee, c.Receiver, scratch,
			c.Span.StartByte, encodeStrings(c.Args), c.New); err != nil {
			return scratch, fmt.Errorf("call of %s: %w", c.Callee, err)
		}
	}
	for i := range facts.Literals {
		lit := &facts.Literals[i]
		scratch = appendSpan(scratch[:0], lit.Span)
		var rid int64
		if err := w.insertLiteral.QueryRowContext(ctx, fid, lit.SymbolID, lit.Text, scratch).Scan(&rid); err != nil {
			return scratch, fmt.Errorf("literal: %w", err)
		}
		if _, err := w.insertText.ExecContext(ctx, rid*2+1, identifierWords(lit.Text), "", pathWords); err != nil {
			return scratch, fmt.Errorf("search row of literal: %w", err)
		}
	}
	return scratch, nil
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
