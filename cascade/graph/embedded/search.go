package embedded

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/stage"
)

// The full-text index (FTS5, for the keyword stage) is built after the
// first answers (issue 16): an index pass writes the facts the graph stage
// answers from, and leaves files.searched at 0; the search rows are added
// afterwards, by a build that starts in the background when the resolver
// warms up after the pass (Warm), or on the keyword stage's first use,
// whichever comes first. Until every file's rows are in, Search says the
// index is not ready (stage.ErrSearchNotReady), never an answer from part
// of the files. The keyword stage's search starts the build if none runs and
// says so at once (a server's first seconds: waiting would spend the
// stage's whole budget on every request; stage.WithoutWaitingForSearch);
// any other search starts it and waits for it within its context.
//
// The build goes a chunk of files per transaction, so an index pass or an
// edit waits for one chunk at most. It does not bump the generation: the
// facts do not change, and nothing kept in memory derives from the search.

// searchChunk is how many files one build transaction adds.
const searchChunk = 256

const (
	unsearchedSQL = `SELECT f.fid, f.path, x.body FROM files f JOIN facts x ON x.fid = f.fid
WHERE f.searched = 0 ORDER BY f.fid LIMIT ?1`
	// ?1 is a JSON array of fids.
	markSearchedSQL = `UPDATE files SET searched = 1 WHERE fid IN (SELECT value FROM json_each(?1))`
)

// searchBuild runs one build at a time, on the store's background context.
type searchBuild struct {
	mu      sync.Mutex
	running chan struct{} // closed when the running build ends; nil when none runs
	err     error         // of the last build
	ctx     context.Context
	stop    context.CancelFunc
	wg      sync.WaitGroup
}

// SetYield sets what a build in the background calls between chunks: a
// function that waits while a question is being answered, so that the
// answers after an index pass do not share the CPU with the build.
func (s *Store) SetYield(yield func(context.Context)) {
	s.yield.Store(&yield)
}

// start starts a build unless one runs, and returns a channel closed when
// it ends; started says whether this call started it.
func (s *Store) startSearchBuild() (<-chan struct{}, bool) {
	b := &s.search
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.running != nil {
		return b.running, false
	}
	done := make(chan struct{})
	b.running = done
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		err := s.buildSearch(b.ctx, true)
		if err != nil && b.ctx.Err() == nil {
			s.log.Warn("embedded: building the full-text index failed", "path", s.path, "err", err)
		}
		b.mu.Lock()
		b.err, b.running = err, nil
		b.mu.Unlock()
		close(done)
	}()
	return done, true
}

// searchBuilt returns once the search table holds every file, starting the
// build if it must; stage.ErrSearchNotReady if ctx ends first, or at once
// if ctx may not wait for the build.
func (s *Store) searchBuilt(ctx context.Context) error {
	for first := true; ; first = false {
		var ready bool
		if err := s.read.searchReady.QueryRowContext(ctx).Scan(&ready); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("%w (%v)", stage.ErrSearchNotReady, ctx.Err())
			}
			return err
		}
		if ready {
			return nil
		}
		done, _ := s.startSearchBuild()
		if first && !stage.WaitsForSearch(ctx) {
			return fmt.Errorf("%w: the full-text index is being built in the background", stage.ErrSearchNotReady)
		}
		select {
		case <-done:
			s.search.mu.Lock()
			err := s.search.err
			s.search.mu.Unlock()
			if err != nil && s.search.ctx.Err() == nil {
				return fmt.Errorf("build the full-text index: %w", err)
			}
			if s.search.ctx.Err() != nil {
				return fmt.Errorf("%w: the store is closing", stage.ErrSearchNotReady)
			}
		case <-ctx.Done():
			return fmt.Errorf("%w (%v)", stage.ErrSearchNotReady, ctx.Err())
		}
	}
}

// BuildSearch adds the search rows of every file that lacks them, a chunk
// of files per transaction, and returns when none is left (or ctx ends).
// One-shot commands call it after their index pass; a server leaves it to
// the background (see Warm).
func (s *Store) BuildSearch(ctx context.Context) error {
	return s.buildSearch(ctx, false)
}

// buildSearch is BuildSearch; a build in the background steps aside for
// the questions being answered between its chunks (SetYield).
func (s *Store) buildSearch(ctx context.Context, background bool) error {
	added := false
	for {
		if y := s.yield.Load(); background && y != nil {
			(*y)(ctx)
		}
		n, err := s.searchChunk(ctx)
		if err != nil {
			return fmt.Errorf("embedded: build search: %w", s.noteErr(err))
		}
		if n == 0 {
			break
		}
		added = true
	}
	if !added {
		return nil
	}
	// Each chunk left segments of its own in the full-text index, and a
	// query reads every segment's list of rows for each of its terms: on
	// medusa (7,373 files), merged into one they answer the keyword
	// stage's queries 1.5-3 times faster. A step at a time, so that an
	// edit's write waits for one step at most.
	for {
		if y := s.yield.Load(); background && y != nil {
			(*y)(ctx)
		}
		worked, err := s.mergeSearchStep(ctx)
		if err != nil {
			return fmt.Errorf("embedded: merge search: %w", s.noteErr(err))
		}
		if !worked {
			return nil
		}
	}
}

// mergeSearchPages is how many pages one merge step writes at most (a
// negative count merges across levels, as 'optimize' does): about 40 ms.
const mergeSearchPages = 200

// mergeSearchStep runs one step of the full-text index's merge into a
// single segment, and says whether it had work to do (FTS5 tells it only
// by the changes the step made beyond its own row).
func (s *Store) mergeSearchStep(ctx context.Context) (bool, error) {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.writeDB.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback()
	var before, after int64
	if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&before); err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO search(search, rank) VALUES('merge', ?)`, -mergeSearchPages); err != nil {
		return false, err
	}
	if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&after); err != nil {
		return false, err
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("commit: %w", err)
	}
	return after-before > 1, nil
}

// searchChunk adds the search rows of up to searchChunk files, and says
// how many files it did.
func (s *Store) searchChunk(ctx context.Context) (int, error) {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.writeDB.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, unsearchedSQL, searchChunk)
	if err != nil {
		return 0, err
	}
	var docs searchDocs
	var fids []byte
	buf := getBodyBuffer()
	defer putBodyBuffer(buf)
	n := 0
	for rows.Next() {
		var fid int64
		var path string
		var raw sql.RawBytes
		if err := rows.Scan(&fid, &path, &raw); err != nil {
			rows.Close()
			return 0, err
		}
		b, err := openBody(buf, raw)
		if err != nil {
			rows.Close()
			return 0, fmt.Errorf("body of %s: %w", path, err)
		}
		if err := docs.addBody(fid, path, b); err != nil {
			rows.Close()
			return 0, fmt.Errorf("body of %s: %w", path, err)
		}
		fids = appendJSONInt(fids, fid)
		n++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, nil
	}
	if err := docs.insert(ctx, tx); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, markSearchedSQL, string(append(fids, ']'))); err != nil {
		return 0, fmt.Errorf("mark searched: %w", err)
	}
	if err := countSearchRows(ctx, tx, int64(len(docs.docs))); err != nil {
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("commit: %w", err)
	}
	return n, nil
}

// searchDocs are search rows to add, each [rowid, words, container, path]
// in JSON at docs[i].start:docs[i].end of text.
type searchDocs struct {
	docs []searchDoc
	text []byte
}

type searchDoc struct {
	rowid      int64
	start, end int
}

func (d *searchDocs) add(rowid int64, words, container, pathWords string) {
	start := len(d.text)
	d.text = append(d.text, '[')
	d.text = strconv.AppendInt(d.text, rowid, 10)
	for _, s := range []string{words, container, pathWords} {
		d.text = append(d.text, ',')
		d.text = appendJSONString(d.text, s)
	}
	d.text = append(d.text, ']')
	d.docs = append(d.docs, searchDoc{rowid, start, len(d.text)})
}

// addEncoded adds the rows of a file being written.
func (d *searchDocs) addEncoded(fid int64, path string, e *encoded) {
	base := fid << rowShift
	pathWords := strings.Join(fact.SplitWords(path), " ")
	for ord, sym := range e.symbols {
		d.add((base|int64(ord))*2, identifierWords(sym.Name), containerWords(sym.Container), pathWords)
	}
	for ord, lit := range e.literals {
		words, shape := literalWords(lit.Text)
		d.add((base|int64(ord))*2+1, words, shape, pathWords)
	}
}

// addBody adds the rows of a stored file.
func (d *searchDocs) addBody(fid int64, path string, b body) error {
	base := fid << rowShift
	pathWords := strings.Join(fact.SplitWords(path), " ")
	r := blobReader{s: b.symbols}
	n := r.count()
	for ord := range n {
		r.string() // ID
		r.stringRef("")
		name := r.string()
		r.string() // kind
		container := r.string()
		r.string() // detail
		if r.err != nil {
			return r.err
		}
		d.add((base|int64(ord))*2, identifierWords(name), containerWords(container), pathWords)
	}
	if err := r.done(); err != nil {
		return err
	}
	orphan := uint64(n) + 1 // the code of a symbol ID naming none of the file's (see callerOf)
	r = blobReader{s: b.literals}
	n = r.count()
	for ord := range n {
		if r.uvarint() == orphan {
			r.string()
		}
		text := r.string()
		r.span()
		if r.err != nil {
			return r.err
		}
		words, shape := literalWords(text)
		d.add((base|int64(ord))*2+1, words, shape, pathWords)
	}
	return r.done()
}

// insert adds the rows, by rowid: FTS5 flushes its pending index to a new
// segment whenever a rowid is smaller than the one before, so out of order
// they would make a segment per file.
func (d *searchDocs) insert(ctx context.Context, tx *sql.Tx) error {
	if len(d.docs) == 0 {
		return nil
	}
	slices.SortFunc(d.docs, func(a, b searchDoc) int { return cmp.Compare(a.rowid, b.rowid) })
	var b strings.Builder
	b.Grow(len(d.text) + len(d.docs) + 2)
	b.WriteByte('[')
	for i, doc := range d.docs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(d.text[doc.start:doc.end])
	}
	b.WriteByte(']')
	if _, err := tx.ExecContext(ctx, insertSearchSQL, b.String()); err != nil {
		return fmt.Errorf("insert search rows: %w", err)
	}
	return nil
}

// identifierWords is what the search table indexes for a name: its words
// plus, for a compound name, the words run together, so a query that spells
// the whole identifier (moveFilesToPermanentStorage) matches it on one more,
// rare and therefore heavily weighted, term.
func identifierWords(name string) string {
	return joinWords(fact.SplitWords(name))
}

func joinWords(words []string) string {
	text := strings.Join(words, " ")
	if len(words) > 1 {
		text += " " + strings.Join(words, "")
	}
	return text
}

// containerWords is what the search table indexes for a symbol's container.
func containerWords(container string) string {
	if container == "" {
		return ""
	}
	return strings.Join(fact.SplitWords(container), " ")
}

// A literal's row holds, in the container column (which literals have no
// use for), a shape token saying how many distinct words the literal has:
// "0lit1" … "0lit15", and "0lit16" for sixteen or more. The keyword stage
// wants the literals that are mostly a name's words (fact.NameShare), and
// a long literal cannot be: with the token, the full-text query leaves
// those out before bm25 ranks a row (bm25 reads each row's size, which was
// most of the stage's time). No container or path word can be a shape
// token: SplitWords splits digits from letters.
const maxShapeWords = 16

// literalWords is what the search table indexes for a literal: its words
// and its shape token.
func literalWords(text string) (words, shape string) {
	split := fact.SplitWords(text)
	return joinWords(split), shapeToken(fact.DistinctWords(split))
}

func shapeToken(distinct int) string {
	return "0lit" + strconv.Itoa(min(distinct, maxShapeWords))
}
