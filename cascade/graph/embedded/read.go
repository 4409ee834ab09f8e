package embedded

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
)

// Reads are prepared once on the read pool (database/sql re-prepares them
// lazily on each pooled connection).
var (
	// Every file's entry, comma-separated (see allFiles). NULL when there
	// are none.
	filesSQL = `SELECT group_concat(entry, ',') FROM files`
	// ?2 is the entry of the file the cache holds for the path, or NULL:
	// when it is current, neither the entry nor the extras are read.
	fileSQL = `SELECT coalesce(f.entry = ?2, 0), CASE WHEN f.entry = ?2 THEN NULL ELSE f.entry END,
	CASE WHEN f.entry = ?2 THEN NULL ELSE (SELECT extra FROM facts x WHERE x.fid = f.fid) END
FROM files f WHERE f.path = ?1`

	// ?1 is a JSON array of fids.
	bodiesSQL     = `SELECT f.fid, f.path, x.body FROM json_each(?1) j JOIN files f ON f.fid = j.value JOIN facts x ON x.fid = f.fid`
	bodyOfPathSQL = `SELECT f.fid, f.path, x.body FROM files f JOIN facts x ON x.fid = f.fid WHERE f.path = ?`
	allBodiesSQL  = `SELECT f.fid, f.path, x.body FROM files f JOIN facts x ON x.fid = f.fid`

	// Column weights: a hit on the name's words counts most, then the
	// container's (a class named like the query), then the path's.
	//
	// bm25 is computed for at most ?2 matching rows (see searchCandidates).
	searchSQL = `SELECT rowid, score FROM (
	SELECT rowid, bm25(search, 4.0, 1.5, 0.5) AS score FROM search WHERE search MATCH ?1 LIMIT ?2)
ORDER BY score LIMIT ?3`
	// Matching rows, unranked: SearchLiterals orders by the shape token.
	literalRowsSQL = `SELECT rowid FROM search WHERE search MATCH ?1 LIMIT ?2`
	termRowsSQL    = `SELECT doc FROM search_vocab WHERE term = ?`
	searchRowsSQL  = `SELECT value FROM meta WHERE key = 'search_rows'`
	searchReadySQL = `SELECT NOT EXISTS (SELECT 1 FROM files WHERE searched = 0)`
	generationSQL  = `SELECT value FROM meta WHERE key = 'generation'`
)

type readStatements struct {
	files, file                        *sql.Stmt
	bodies, bodyOfPath                 *sql.Stmt
	searchByText, termRows, searchRows *sql.Stmt
	literalRows                        *sql.Stmt
	searchReady, generation            *sql.Stmt
}

func (r *readStatements) all() []struct {
	stmt **sql.Stmt
	sql  string
} {
	return []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&r.files, filesSQL},
		{&r.file, fileSQL},
		{&r.bodies, bodiesSQL},
		{&r.bodyOfPath, bodyOfPathSQL},
		{&r.searchByText, searchSQL},
		{&r.literalRows, literalRowsSQL},
		{&r.termRows, termRowsSQL},
		{&r.searchRows, searchRowsSQL},
		{&r.searchReady, searchReadySQL},
		{&r.generation, generationSQL},
	}
}

func (s *Store) prepare() error {
	ctx := context.Background()
	r := &s.read
	for _, p := range r.all() {
		stmt, err := s.readDB.PrepareContext(ctx, p.sql)
		if err != nil {
			r.close()
			return fmt.Errorf("prepare %q: %w", p.sql, err)
		}
		*p.stmt = stmt
	}
	return nil
}

func (r *readStatements) close() {
	for _, p := range r.all() {
		if *p.stmt != nil {
			(*p.stmt).Close() // later uses fail with "statement is closed"
		}
	}
}

// Files lists every indexed file, sorted by path, without imports, fields or locals.
func (s *Store) Files(ctx context.Context) ([]fact.File, error) {
	files, err := s.allFiles(ctx)
	if err != nil {
		return nil, fmt.Errorf("embedded: files: %w", s.noteErr(err))
	}
	return files, nil
}

// allFiles reads every file's entry as one value: through database/sql each
// row costs a few microseconds of driver work per column, while SQLite
// concatenates the entries of 7,000 files in about a millisecond and they
// parse in about two. (Concatenating anything more to a megabyte in SQL
// copies it again.) SQLite reads them in table order: sorting by path
// in Go is cheaper than reading them through the path index.
//
// The strings of the files are substrings of the one text.
func (s *Store) allFiles(ctx context.Context) ([]fact.File, error) {
	var text sql.NullString
	if err := s.read.files.QueryRowContext(ctx).Scan(&text); err != nil {
		return nil, err
	}
	files, err := parseFiles(text.String)
	if err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	// Sorting indexes and copying once is cheaper than moving the structs.
	order := make([]int32, len(files))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(files[a].Path, files[b].Path) })
	sorted := make([]fact.File, len(files))
	for i, j := range order {
		sorted[i] = files[j]
	}
	return sorted, nil
}

// parseFiles parses comma-separated file entries.
func parseFiles(text string) ([]fact.File, error) {
	if text == "" {
		return nil, nil
	}
	p := jsonParser{s: text}
	files := make([]fact.File, 0, strings.Count(text, "],[")+1)
	for {
		f := p.fileEntry()
		if p.err != nil {
			return nil, p.err
		}
		files = append(files, f)
		if p.i == len(p.s) {
			return files, nil
		}
		p.byte(',')
	}
}

// File returns one file with its imports, fields and locals. Decoded files
// are cached, and used while the stored entry (path, hash, size, ...) is
// the one they were decoded from: a file that many call sites resolve
// through costs one small row lookup after the first.
func (s *Store) File(ctx context.Context, path string) (fact.File, error) {
	f, err := s.file(ctx, path)
	if errors.Is(err, sql.ErrNoRows) {
		return fact.File{}, fmt.Errorf("embedded: file %s: %w", path, graph.ErrNotFound)
	}
	if err != nil {
		return fact.File{}, fmt.Errorf("embedded: file %s: %w", path, s.noteErr(err))
	}
	return f, nil
}

func (s *Store) file(ctx context.Context, path string) (fact.File, error) {
	var cachedEntry any // NULL: nothing cached
	entry, f, ok := s.files.get(path)
	if ok {
		cachedEntry = entry
	}
	var current bool
	var newEntry sql.NullString
	var extra []byte
	if err := s.read.file.QueryRowContext(ctx, path, cachedEntry).Scan(&current, &newEntry, &extra); err != nil {
		return fact.File{}, err
	}
	if !current {
		var err error
		if f, err = decodeFile(newEntry.String, extra); err != nil {
			return fact.File{}, err
		}
		s.files.put(path, newEntry.String, f)
	}
	// Copies, so that a caller that changes them does not change the cache.
	f.Imports, f.Fields, f.Locals, f.Constants = slices.Clone(f.Imports), slices.Clone(f.Fields), slices.Clone(f.Locals), slices.Clone(f.Constants)
	return f, nil
}

// decodeFile decodes a file's entry and its extras (imports, fields, locals
// and constants; none if extra is empty).
func decodeFile(entry string, extra []byte) (fact.File, error) {
	p := jsonParser{s: entry}
	f := p.fileEntry()
	if p.err != nil || p.i != len(p.s) {
		return fact.File{}, fmt.Errorf("decode: %w", errCorruptBlob)
	}
	if len(extra) > 0 {
		x, err := decodeFileExtra(extra)
		if err != nil {
			return fact.File{}, fmt.Errorf("decode: %w", err)
		}
		f.Imports, f.Fields, f.Locals, f.Constants, f.Unrecorded = x.Imports, x.Fields, x.Locals, x.Constants, x.Unrecorded
	}
	return f, nil
}

// fileBody is one file's body as read, with its symbols' IDs.
type fileBody struct {
	fid  int64
	path string
	body
}

// eachBody reads the bodies of the files fids (in no particular order) and
// calls f with each. A body that does not decode is corruption.
func (s *Store) eachBody(ctx context.Context, stmt *sql.Stmt, arg any, f func(fb *fileBody) error) error {
	var rows *sql.Rows
	var err error
	if arg == nil {
		rows, err = s.readDB.QueryContext(ctx, allBodiesSQL)
	} else {
		rows, err = stmt.QueryContext(ctx, arg)
	}
	if err != nil {
		return err
	}
	defer rows.Close()
	buf := getBodyBuffer()
	defer putBodyBuffer(buf)
	for rows.Next() {
		var fb fileBody
		var raw sql.RawBytes
		if err := rows.Scan(&fb.fid, &fb.path, &raw); err != nil {
			return err
		}
		if fb.body, err = openBody(buf, raw); err != nil {
			return fmt.Errorf("body of %s: %w", fb.path, err)
		}
		if err := f(&fb); err != nil {
			return err
		}
	}
	return rows.Err()
}

// fidsJSON is a JSON array of fids, for bodiesSQL.
func fidsJSON(fids []int64) string {
	var b []byte
	for _, fid := range fids {
		b = appendJSONInt(b, fid)
	}
	if len(b) == 0 {
		return "[]"
	}
	return string(append(b, ']'))
}

// lookup copies, from the name index at the store's generation (or a
// later one), the files that key selects.
func (s *Store) lookup(ctx context.Context, generation int64, key func(x *nameIndex) []int64) ([]int64, error) {
	if generation < 0 {
		var err error
		if generation, err = s.currentGeneration(ctx); err != nil {
			return nil, err
		}
	}
	var fids []int64
	err := s.atNames(ctx, generation, func(x *nameIndex) { fids = slices.Clone(key(x)) })
	return fids, err
}

// symbolsWhere decodes the symbols of the files fids that keep selects,
// sorted by path and source order.
func (s *Store) symbolsWhere(ctx context.Context, fids []int64, keep func(ord int, name, id string) bool) ([]fact.Symbol, error) {
	if len(fids) == 0 {
		return nil, nil
	}
	type ranked struct {
		sym fact.Symbol
		ord int
	}
	var out []ranked
	err := s.eachBody(ctx, s.read.bodies, fidsJSON(fids), func(fb *fileBody) error {
		var ids []string
		var err error
		if ids, err = fb.symbolIDs(); err != nil {
			return err
		}
		return fb.eachSymbol(fb.path, func(ord int, name string) bool { return keep(ord, name, ids[ord]) },
			func(ord int, sym fact.Symbol) { out = append(out, ranked{sym, ord}) })
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b ranked) int {
		if c := strings.Compare(a.sym.Path, b.sym.Path); c != 0 {
			return c
		}
		return cmp.Compare(a.ord, b.ord)
	})
	syms := make([]fact.Symbol, len(out))
	for i := range out {
		syms[i] = out[i].sym
	}
	return syms, nil
}

// Symbol returns the symbol with the given ID.
func (s *Store) Symbol(ctx context.Context, id string) (fact.Symbol, error) {
	return s.symbol(ctx, id, -1)
}

func (s *Store) symbol(ctx context.Context, id string, generation int64) (fact.Symbol, error) {
	fids, err := s.lookup(ctx, generation, func(x *nameIndex) []int64 { return x.ids[id] })
	if err != nil {
		return fact.Symbol{}, fmt.Errorf("embedded: symbol %s: %w", id, s.noteErr(err))
	}
	slices.Sort(fids) // the first file to declare it, as a symbol table read by rowid would
	for _, fid := range fids {
		syms, err := s.symbolsWhere(ctx, []int64{fid}, func(_ int, _, sid string) bool { return sid == id })
		if err != nil {
			return fact.Symbol{}, fmt.Errorf("embedded: symbol %s: %w", id, s.noteErr(err))
		}
		if len(syms) > 0 {
			return syms[0], nil
		}
	}
	return fact.Symbol{}, fmt.Errorf("embedded: symbol %s: %w", id, graph.ErrNotFound)
}

// SymbolsByName returns every symbol named name, sorted by path and position.
func (s *Store) SymbolsByName(ctx context.Context, name string) ([]fact.Symbol, error) {
	return s.symbolsByName(ctx, name, -1)
}

func (s *Store) symbolsByName(ctx context.Context, name string, generation int64) ([]fact.Symbol, error) {
	fids, err := s.lookup(ctx, generation, func(x *nameIndex) []int64 { return x.symbols[name] })
	if err == nil {
		var syms []fact.Symbol
		syms, err = s.symbolsWhere(ctx, fids, func(_ int, n, _ string) bool { return n == name })
		if err == nil {
			return syms, nil
		}
	}
	return nil, fmt.Errorf("embedded: symbols named %s: %w", name, s.noteErr(err))
}

// SymbolsInFile returns the symbols of a file in source order; an unknown
// file has none.
func (s *Store) SymbolsInFile(ctx context.Context, path string) ([]fact.Symbol, error) {
	var syms []fact.Symbol
	err := s.eachBody(ctx, s.read.bodyOfPath, path, func(fb *fileBody) error {
		return fb.eachSymbol(fb.path, func(int, string) bool { return true }, func(_ int, sym fact.Symbol) { syms = append(syms, sym) })
	})
	if err != nil {
		return nil, fmt.Errorf("embedded: symbols in %s: %w", path, s.noteErr(err))
	}
	return syms, nil
}

// CallsByCallee returns every call site whose callee name is name, sorted by
// path and position. The answers for common names are cached (see
// callCache): the calls are shared, and must not be changed.
func (s *Store) CallsByCallee(ctx context.Context, name string) ([]fact.Call, error) {
	generation, err := s.currentGeneration(ctx)
	if err != nil {
		return nil, fmt.Errorf("embedded: calls of %s: %w", name, s.noteErr(err))
	}
	return s.callsByCallee(ctx, name, generation)
}

// callsByCallee is CallsByCallee with the store's generation read.
func (s *Store) callsByCallee(ctx context.Context, name string, generation int64) ([]fact.Call, error) {
	if calls, ok := s.calls.get(name, generation); ok {
		return slices.Clip(calls), nil
	}
	var fids []int64
	err := s.atNames(ctx, generation, func(x *nameIndex) {
		for _, fc := range x.callees[name] {
			fids = append(fids, fc.fid)
		}
	})
	var calls []fact.Call
	if err == nil && len(fids) > 0 {
		calls, err = s.callsWhere(ctx, fids, func(callee, _ string) bool { return callee == name })
	}
	if err != nil {
		return nil, fmt.Errorf("embedded: calls of %s: %w", name, s.noteErr(err))
	}
	s.calls.put(name, generation, calls)
	return slices.Clip(calls), nil
}

// callsWhere decodes the calls of the files fids (all files when nil) that
// keep selects, sorted by path and position (ties in stored order).
func (s *Store) callsWhere(ctx context.Context, fids []int64, keep func(callee, callerID string) bool) ([]fact.Call, error) {
	var calls []fact.Call
	var arg any
	if fids != nil {
		arg = fidsJSON(fids)
	}
	err := s.eachBody(ctx, s.read.bodies, arg, func(fb *fileBody) error {
		ids, err := fb.symbolIDs()
		if err != nil {
			return err
		}
		return fb.eachCall(fb.path, ids, keep, func(c fact.Call) { calls = append(calls, c) })
	})
	if err != nil {
		return nil, err
	}
	sortCalls(calls)
	return calls, nil
}

// sortCalls sorts calls by path and position, ties in the order they were
// stored (the order of the files' bodies is kept within each file).
func sortCalls(calls []fact.Call) {
	slices.SortStableFunc(calls, func(a, b fact.Call) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return cmp.Compare(a.Span.StartByte, b.Span.StartByte)
	})
}

// CallsFrom returns the call sites whose innermost enclosing symbol is
// symbolID (calls inside nested symbols belong to those), sorted by position.
// With symbolID "" they are the calls at the top level of every file.
func (s *Store) CallsFrom(ctx context.Context, symbolID string) ([]fact.Call, error) {
	var fids []int64
	if symbolID != "" {
		var err error
		if fids, err = s.lookup(ctx, -1, func(x *nameIndex) []int64 { return x.ids[symbolID] }); err != nil {
			return nil, fmt.Errorf("embedded: calls from %s: %w", symbolID, s.noteErr(err))
		}
		if len(fids) == 0 {
			return nil, nil
		}
	}
	calls, err := s.callsWhere(ctx, fids, func(_, callerID string) bool { return callerID == symbolID })
	if err != nil {
		return nil, fmt.Errorf("embedded: calls from %s: %w", symbolID, s.noteErr(err))
	}
	return calls, nil
}

// defaultSearchLimit applies when Search is given no positive limit.
const defaultSearchLimit = 50

// Search ranks symbols and literals against the words of query with BM25
// (negated, so a higher Score is better). The query is reduced to its words
// (graph.SplitWords), each quoted as an FTS5 string and OR-ed, so no user
// text is ever read as FTS5 syntax; a query without words finds nothing.
//
// Ranking costs about a microsecond per matching row, so words found in more
// than a tenth of all rows are left out of the match (their inverse document
// frequency makes them worth next to nothing in the score anyway), unless
// every word is that common, in which case the rarest one is kept.
//
// The search table is built after the first answers (see search.go): until
// it holds every file, Search builds it and waits, as long as ctx allows,
// then fails with stage.ErrSearchNotReady rather than answer from part of it.
func (s *Store) Search(ctx context.Context, query string, limit int) ([]fact.SearchHit, error) {
	if limit <= 0 {
		limit = defaultSearchLimit
	}
	if err := s.searchBuilt(ctx); err != nil {
		return nil, fmt.Errorf("embedded: search %q: %w", query, s.noteErr(err))
	}
	terms, err := s.selectiveTerms(ctx, queryTerms(query))
	if err != nil {
		return nil, fmt.Errorf("embedded: search %q: %w", query, s.noteErr(err))
	}
	if len(terms) == 0 {
		return nil, nil
	}
	// Rows holding every term score highest, and there are few of them, so
	// they are ranked in full first; the OR query then ranks a bounded set
	// of candidates. Both give a row the same bm25 score, as it depends on
	// the row and the terms only.
	var top []rankedRow
	if len(terms) > 1 {
		if top, err = s.rank(ctx, ftsMatch(terms, " AND "), searchCandidates, limit); err != nil {
			return nil, fmt.Errorf("embedded: search %q: %w", query, s.noteErr(err))
		}
	}
	if len(top) < limit {
		more, err := s.rank(ctx, ftsMatch(terms, " OR "), searchCandidates, limit)
		if err != nil {
			return nil, fmt.Errorf("embedded: search %q: %w", query, s.noteErr(err))
		}
		top = mergeRanked(top, more, limit)
	}

	// The search table is contentless: what each hit is comes from its
	// file's body.
	byRow, err := s.searchHits(ctx, top)
	if err != nil {
		return nil, fmt.Errorf("embedded: search %q: %w", query, s.noteErr(err))
	}
	hits := make([]fact.SearchHit, 0, len(top))
	for _, r := range top {
		hit, ok := byRow[r.rowid]
		if !ok {
			continue // deleted between the two queries
		}
		hit.Score = -r.score
		hits = append(hits, hit)
	}
	// bm25 already ordered them; break ties deterministically.
	sortHits(hits)
	return hits, nil
}

// SearchLiterals finds the string literals holding every word of name and
// not many more (more than minShare of their words are the name's:
// fact.NameShare), the most of the name first. The shape token of a
// literal's row (see literalWords) gives its share before its text is read,
// so the literals are asked for one length at a time, shortest first, until
// limit are found; bm25 is not needed to order them (and cost most of the
// stage: it reads every matching row's size, and the whole list of rows of
// each term for its weight).
func (s *Store) SearchLiterals(ctx context.Context, name string, minShare float64, limit int) ([]fact.SearchHit, error) {
	if limit <= 0 {
		limit = defaultSearchLimit
	}
	words := fact.SplitWords(name)
	if err := s.searchBuilt(ctx); err != nil {
		return nil, fmt.Errorf("embedded: search literals %q: %w", name, s.noteErr(err))
	}
	var top []rankedRow
	for _, match := range literalMatches(words, minShare) {
		rows, err := s.read.literalRows.QueryContext(ctx, match, limit-len(top))
		if err != nil {
			return nil, fmt.Errorf("embedded: search literals %q: %w", name, s.noteErr(err))
		}
		for rows.Next() {
			var r rankedRow
			if err := rows.Scan(&r.rowid); err != nil {
				rows.Close()
				return nil, fmt.Errorf("embedded: search literals %q: %w", name, s.noteErr(err))
			}
			top = append(top, r)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("embedded: search literals %q: %w", name, s.noteErr(err))
		}
		if len(top) >= limit {
			break
		}
	}
	byRow, err := s.searchHits(ctx, top)
	if err != nil {
		return nil, fmt.Errorf("embedded: search literals %q: %w", name, s.noteErr(err))
	}
	hits := make([]fact.SearchHit, 0, len(top))
	for _, r := range top {
		hit, ok := byRow[r.rowid]
		if !ok || hit.Kind != "literal" {
			continue // deleted between the queries
		}
		if hit.Score = fact.NameShare(hit.Text, words); hit.Score <= minShare {
			continue // longer than the last shape token tells
		}
		hits = append(hits, hit)
	}
	sortHits(hits)
	return hits, nil
}

// sortHits orders hits best first, ties by place.
func sortHits(hits []fact.SearchHit) {
	slices.SortStableFunc(hits, func(a, b fact.SearchHit) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return cmp.Compare(a.Span.StartByte, b.Span.StartByte)
	})
}

// literalMatches are the FTS5 queries for the literals that can be more than
// minShare the name's words (fact.NameShare), one per literal length h (its
// shape token) with n / h > minShare, n the name's distinct words, shortest
// first: every word of the name, and that token. None when no literal can.
func literalMatches(words []string, minShare float64) []string {
	var name []string
	for _, w := range words {
		if !slices.Contains(name, w) {
			name = append(name, w)
		}
	}
	n := len(name)
	if n == 0 {
		return nil
	}
	all := ftsMatch(name, " AND ")
	var out []string
	// The last token stands for every longer literal too: asked for, and
	// then checked exactly (among those, the order is the rows', not the
	// share's: a name of nine words or more, a low threshold).
	for h := n; h <= maxShapeWords && float64(n)/float64(h) > minShare; h++ {
		b := append([]byte("container : "), appendFTSString(nil, shapeToken(h))...)
		b = append(b, " AND words : ("...)
		b = append(b, all...)
		out = append(out, string(append(b, ')')))
	}
	return out
}

// commonTermShare: a term in more than 1/commonTermShare of all rows is
// too common to search by. Below minRowsForPruning rows nothing is pruned.
const (
	commonTermShare   = 10
	minRowsForPruning = 1000
)

// selectiveTerms drops terms no row holds and terms too common to rank by.
func (s *Store) selectiveTerms(ctx context.Context, terms []string) ([]string, error) {
	if len(terms) == 0 {
		return nil, nil
	}
	var total int64
	if err := s.read.searchRows.QueryRowContext(ctx).Scan(&total); err != nil {
		return nil, err
	}
	kept := terms[:0:0]
	rarest, rarestRows := "", int64(-1)
	for _, t := range terms {
		var n int64
		err := s.read.termRows.QueryRowContext(ctx, t).Scan(&n)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			continue
		}
		if rarestRows < 0 || n < rarestRows {
			rarest, rarestRows = t, n
		}
		if total < minRowsForPruning || n*commonTermShare <= total {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 && rarestRows > 0 {
		kept = append(kept, rarest)
	}
	return kept, nil
}

// queryTerms are the index terms a query is searched by: its words and, for
// a compound identifier, the words run together, which is the extra term the
// index stores for names (see identifierWords). Sorted, without duplicates.
func queryTerms(query string) []string {
	words := fact.SplitWords(query)
	if len(words) == 0 {
		return nil
	}
	terms := slices.Clone(words)
	if len(words) > 1 {
		terms = append(terms, strings.Join(words, ""))
	}
	slices.Sort(terms)
	return slices.Compact(terms)
}

// ftsMatch builds an FTS5 query that is only string literals joined by op
// (" AND " or " OR ").
func ftsMatch(terms []string, op string) string {
	var b []byte
	for i, t := range terms {
		if i > 0 {
			b = append(b, op...)
		}
		b = appendFTSString(b, t)
	}
	return string(b)
}

// searchCandidates bounds how many matching rows one query ranks: bm25
// costs about a microsecond and a half per row here, and a query whose
// every word is common would otherwise rank most of the index.
const searchCandidates = 4000

type rankedRow struct {
	rowid int64
	score float64 // bm25: lower is better
}

// rank runs one FTS5 query and returns its best rows, best first.
func (s *Store) rank(ctx context.Context, match string, candidates, limit int) ([]rankedRow, error) {
	rows, err := s.read.searchByText.QueryContext(ctx, match, candidates, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var top []rankedRow
	for rows.Next() {
		var r rankedRow
		if err := rows.Scan(&r.rowid, &r.score); err != nil {
			return nil, err
		}
		top = append(top, r)
	}
	return top, rows.Err()
}

// mergeRanked merges two ranked lists without duplicates, best first.
func mergeRanked(a, b []rankedRow, limit int) []rankedRow {
	seen := make(map[int64]bool, len(a))
	for _, r := range a {
		seen[r.rowid] = true
	}
	for _, r := range b {
		if !seen[r.rowid] {
			a = append(a, r)
		}
	}
	slices.SortStableFunc(a, func(x, y rankedRow) int { return cmp.Compare(x.score, y.score) })
	if len(a) > limit {
		a = a[:limit]
	}
	return a
}

// searchHits describes the symbols and literals behind search rows, by
// rowid. Each file's body is read and decoded once, however many of its
// rows were ranked (a query's hits cluster in a few files, and a body read
// per hit was most of the keyword stage). A rowid whose file or ordinal is
// gone (deleted between the queries) has no entry.
func (s *Store) searchHits(ctx context.Context, rows []rankedRow) (map[int64]fact.SearchHit, error) {
	type wanted struct{ symbols, literals map[int]int64 } // ordinal → rowid
	byFile := map[int64]*wanted{}
	var fids []int64
	for _, r := range rows {
		key := r.rowid / 2
		fid, ord := key>>rowShift, int(key&(1<<rowShift-1))
		w := byFile[fid]
		if w == nil {
			w = &wanted{map[int]int64{}, map[int]int64{}}
			byFile[fid] = w
			fids = append(fids, fid)
		}
		if r.rowid%2 == 0 {
			w.symbols[ord] = r.rowid
		} else {
			w.literals[ord] = r.rowid
		}
	}
	hits := make(map[int64]fact.SearchHit, len(rows))
	err := s.eachBody(ctx, s.read.bodies, fidsJSON(fids), func(fb *fileBody) error {
		w := byFile[fb.fid]
		if w == nil {
			return nil
		}
		if len(w.symbols) > 0 {
			keep := func(o int, _ string) bool { _, ok := w.symbols[o]; return ok }
			err := fb.eachSymbol(fb.path, keep, func(o int, sym fact.Symbol) {
				text := sym.Name
				if sym.Container != "" {
					text = sym.Container + "." + sym.Name
				}
				hits[w.symbols[o]] = fact.SearchHit{Kind: "symbol", Path: sym.Path, SymbolID: sym.ID, Text: text, Span: sym.Selection}
			})
			if err != nil {
				return err
			}
		}
		if len(w.literals) == 0 {
			return nil
		}
		ids, err := fb.symbolIDs()
		if err != nil {
			return err
		}
		return fb.eachLiteral(fb.path, ids, func(o int) bool { _, ok := w.literals[o]; return ok }, func(o int, lit fact.Literal) {
			hits[w.literals[o]] = fact.SearchHit{Kind: "literal", Path: lit.Path, SymbolID: lit.SymbolID, Text: lit.Text, Span: lit.Span}
		})
	})
	if err != nil {
		return nil, err
	}
	return hits, nil
}

// appendFTSString quotes s as an FTS5 string: inside double quotes, a double
// quote is written twice and nothing else is special.
func appendFTSString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}
