package embedded

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
)

// A call hierarchy request on a method with a common name (create, get,
// delete) resolves each of its hundreds of call sites, and every site
// reads its file, the symbols its receiver names and its caller: hundreds
// of small queries of 20-60 µs each, mostly the same ones request after
// request. A snapshot serves them from memory.
//
// Snapshot reads the store's generation (meta.generation, bumped by every
// write transaction, this process's or another's) once per request; the
// reads it serves are kept for that generation. This process's writes
// drop what they touched and move the cache to the generation they wrote
// (written); a generation the cache did not expect (another process wrote)
// drops everything. A write finishing during a request may or
// may not be seen by the rest of it, as without the snapshot; it is seen
// by every request that starts after it.
type snapshot struct {
	*Store
	generation int64
}

var (
	_ graph.Snapshotter  = (*Store)(nil)
	_ graph.Generational = (*snapshot)(nil)
)

// Generation is the store generation the snapshot reads.
func (s *snapshot) Generation() int64 { return s.generation }

// snapshotMaxEntries bounds what the kept reads hold (files, symbols and
// names together); past it they are dropped and kept afresh. A workspace
// of more files than a fixed bound serves raises it to
// snapshotEntriesPerFile for each of its files (readCache.fit): with a
// fixed 100,000, the warm-up of a 36,000-file SDK dropped its reads again
// and again and read each caller's symbol from the store once per site, a
// cost that grew with the square of the workspace (docs/PERFORMANCE.md,
// "Session 27").
const (
	snapshotMaxEntries     = 100_000
	snapshotEntriesPerFile = 8
)

// readCache is what snapshots keep, for one generation.
type readCache struct {
	mu         sync.Mutex
	generation int64
	entries    int
	limit      int                      // 0: snapshotMaxEntries (see fit)
	files      map[string]fact.File     // ok reads only
	symbols    map[string]*fact.Symbol  // nil: not found
	byName     map[string][]fact.Symbol // SymbolsByName answers
	// complete: Warm loaded every file and symbol of the generation, so
	// what is not kept is not stored either.
	complete bool
	// keptUp: complete once, then kept up with this process's writes (their
	// files dropped, to be read again): Warm need not load it all again.
	keptUp bool
}

// written records a write of this process that took the store to
// generation, changing the files at paths, which now declare symbols with
// the given names. The reads kept of other files stay, so a request after
// an edit reads only what the edit changed; unless another process wrote
// in between, or the batch is large, in which case the next request finds
// a generation the cache did not expect and starts afresh.
func (c *readCache) written(generation int64, paths []string, names map[string]struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files == nil || generation != c.generation+1 || len(paths) > callCacheClearBatch {
		return
	}
	touched := make(map[string]bool, len(paths))
	for _, p := range paths {
		touched[p] = true
		delete(c.files, p)
	}
	dropNames := map[string]bool{}
	for n := range names {
		dropNames[n] = true
	}
	for id, sym := range c.symbols {
		switch {
		case sym == nil:
			delete(c.symbols, id) // "not found" may no longer hold
		case touched[sym.Path]:
			dropNames[sym.Name] = true
			delete(c.symbols, id)
		}
	}
	for n := range dropNames {
		delete(c.byName, n)
	}
	c.entries = len(c.files) + len(c.symbols) + len(c.byName)
	c.keptUp = c.keptUp || c.complete
	c.complete = false
	c.generation = generation
}

// Snapshot returns a view of the store for one request: see snapshot.
func (s *Store) Snapshot(ctx context.Context) (graph.Store, error) {
	generation, err := s.currentGeneration(ctx)
	if err != nil {
		return nil, fmt.Errorf("embedded: generation: %w", s.noteErr(err))
	}
	s.kept.at(generation)
	return &snapshot{Store: s, generation: generation}, nil
}

// at moves the cache to generation, dropping everything kept for another.
func (c *readCache) at(generation int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files == nil || generation != c.generation {
		c.reset(generation)
	}
}

func (c *readCache) reset(generation int64) {
	c.generation = generation
	c.complete, c.keptUp = false, false
	c.entries = 0
	c.files = map[string]fact.File{}
	c.symbols = map[string]*fact.Symbol{}
	c.byName = map[string][]fact.Symbol{}
}

// fit sizes the cache for a workspace of files files.
func (c *readCache) fit(files int) {
	c.mu.Lock()
	c.limit = files * snapshotEntriesPerFile
	c.mu.Unlock()
}

// room makes room for one more entry of generation; false if the cache is
// at another generation (a later request moved it on: keep nothing).
func (c *readCache) room(generation int64) bool {
	if c.files == nil || c.generation != generation {
		return false
	}
	if c.entries >= max(c.limit, snapshotMaxEntries) {
		c.reset(generation)
	}
	c.entries++
	return true
}

func (v *snapshot) File(ctx context.Context, path string) (fact.File, error) {
	c := &v.kept
	c.mu.Lock()
	f, ok := c.files[path]
	ok = ok && c.generation == v.generation
	absent := !ok && c.complete && c.generation == v.generation
	c.mu.Unlock()
	if absent {
		return fact.File{}, fmt.Errorf("embedded: file %s: %w", path, graph.ErrNotFound)
	}
	if !ok {
		var err error
		if f, err = v.Store.File(ctx, path); err != nil {
			return f, err
		}
		c.mu.Lock()
		if c.room(v.generation) {
			c.files[path] = f
		}
		c.mu.Unlock()
	}
	// Copies, so that a caller that changes them does not change the cache.
	f.Imports, f.Fields, f.Locals, f.Constants = slices.Clone(f.Imports), slices.Clone(f.Fields), slices.Clone(f.Locals), slices.Clone(f.Constants)
	return f, nil
}

func (v *snapshot) Symbol(ctx context.Context, id string) (fact.Symbol, error) {
	c := &v.kept
	c.mu.Lock()
	sym, ok := c.symbols[id]
	ok = (ok || c.complete) && c.generation == v.generation
	c.mu.Unlock()
	if ok {
		if sym == nil {
			return fact.Symbol{}, fmt.Errorf("embedded: symbol %s: %w", id, graph.ErrNotFound)
		}
		return *sym, nil
	}
	got, err := v.Store.symbol(ctx, id, v.generation)
	if err != nil && !errors.Is(err, graph.ErrNotFound) {
		return got, err
	}
	c.mu.Lock()
	if c.room(v.generation) {
		if err != nil {
			c.symbols[id] = nil
		} else {
			c.symbols[id] = &got
		}
	}
	c.mu.Unlock()
	return got, err
}

func (v *snapshot) SymbolsByName(ctx context.Context, name string) ([]fact.Symbol, error) {
	c := &v.kept
	c.mu.Lock()
	syms, ok := c.byName[name]
	ok = (ok || c.complete) && c.generation == v.generation
	c.mu.Unlock()
	if !ok {
		var err error
		if syms, err = v.Store.symbolsByName(ctx, name, v.generation); err != nil {
			return nil, err
		}
		c.mu.Lock()
		if c.room(v.generation) {
			c.byName[name] = syms
		}
		c.mu.Unlock()
	}
	return slices.Clone(syms), nil
}

// CallsByCallee skips the generation query: the snapshot has read it.
func (v *snapshot) CallsByCallee(ctx context.Context, name string) ([]fact.Call, error) {
	return v.Store.callsByCallee(ctx, name, v.generation)
}

// warmFilesSQL reads every file with its extras, for Warm.
const warmFilesSQL = `SELECT f.path, f.entry, x.extra FROM files f LEFT JOIN facts x ON x.fid = f.fid`

// Warm loads every file and symbol into what snapshots serve, and the name
// index, in bulk reads (a few hundred milliseconds on 7,000 files, against
// 20-60 µs per point read when requests first touch them). A store too
// large for the kept reads is left to fill them request by request. It
// then starts building the full-text index in the background, if it lacks
// files (see search.go): Warm runs after an index pass.
func (s *Store) Warm(ctx context.Context) error {
	if err := s.warm(ctx); err != nil {
		return err
	}
	var ready bool
	if err := s.read.searchReady.QueryRowContext(ctx).Scan(&ready); err != nil {
		return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
	}
	if !ready {
		s.startSearchBuild()
	}
	return nil
}

func (s *Store) warm(ctx context.Context) error {
	// The declared names called most: their call sites are read in the
	// same pass as the symbols, for the call cache, which the resolver's warm-up
	// would otherwise fill a name at a time, each reading hundreds of
	// bodies. (The name index is loaded first: it reads in a transaction
	// of its own, and one caller should hold one read connection at a
	// time.)
	common := map[string][]fact.Call{}
	symbolCount := 0
	generation, err := s.currentGeneration(ctx)
	if err == nil {
		err = s.atNames(ctx, generation, func(x *nameIndex) {
			symbolCount = len(x.ids)
			s.kept.fit(len(x.files))
			counts := map[string]int{}
			rows := 0
			for name, files := range x.callees {
				// Only names the workspace declares: the resolver asks for
				// those (expect, push and map it never resolves to).
				if _, declared := x.symbols[name]; !declared {
					continue
				}
				n := 0
				for _, fc := range files {
					n += fc.count
				}
				if n >= callCacheMinRows {
					counts[name] = n
					rows += n
				}
			}
			s.calls.fit(rows)
			for name, n := range counts {
				if s.calls.caches(n) {
					common[name] = nil
				}
			}
		})
	}
	if err != nil {
		return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
	}
	// One read transaction: the generation and both reads see one state.
	tx, err := s.readDB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, generationSQL).Scan(&generation); err != nil {
		return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
	}
	c := &s.kept
	c.mu.Lock()
	warm := c.files != nil && c.generation == generation && (c.complete || c.keptUp)
	c.mu.Unlock()
	if warm {
		return nil
	}
	files := map[string]fact.File{}
	rows, err := tx.QueryContext(ctx, warmFilesSQL)
	if err != nil {
		return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
	}
	for rows.Next() {
		var path, entry string
		var extra []byte
		if err := rows.Scan(&path, &entry, &extra); err != nil {
			rows.Close()
			return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
		}
		f, err := decodeFile(entry, extra)
		if err != nil {
			rows.Close()
			return fmt.Errorf("embedded: warm: %s: %w", path, s.noteErr(err))
		}
		files[path] = f
	}
	// Err, not only Close's error: a read its context ended stops early
	// without one, and what it read would be kept as all there is.
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
	}
	c.keepFiles(generation, files)
	// Every symbol once, sized ahead (the name index counts them): a
	// slice grown by appending, then a sorted copy, then a copy per name
	// made a few hundred MB of garbage on 36,000 files, which is why
	// stores that large were once left to fill request by request, at
	// twice the warm-up's CPU per call site (docs/PERFORMANCE.md, "Session
	// 28").
	kept := keptSymbols{syms: make([]fact.Symbol, 0, symbolCount), ords: make([]int32, 0, symbolCount), fids: make([]int64, 0, symbolCount)}
	buf := getBodyBuffer() // one decompression buffer for every body
	defer putBodyBuffer(buf)
	rows, err = tx.QueryContext(ctx, allBodiesSQL)
	if err != nil {
		return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
	}
	for rows.Next() {
		var fid int64
		var path string
		var raw sql.RawBytes
		if err := rows.Scan(&fid, &path, &raw); err != nil {
			rows.Close()
			return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
		}
		b, err := openBody(buf, raw)
		var ids []string
		if err == nil {
			err = b.eachSymbol(path, func(int, string) bool { return true }, func(ord int, sym fact.Symbol) {
				kept.syms = append(kept.syms, sym)
				kept.ords = append(kept.ords, int32(ord))
				kept.fids = append(kept.fids, fid)
			})
		}
		if err == nil {
			ids, err = b.symbolIDs()
		}
		if err == nil && len(common) > 0 {
			err = b.eachCall(path, ids, func(callee, _ string) bool {
				_, ok := common[callee]
				return ok
			}, func(c fact.Call) { common[c.Callee] = append(common[c.Callee], c) })
		}
		if err != nil {
			rows.Close()
			return fmt.Errorf("embedded: warm: %s: %w", path, s.noteErr(err))
		}
	}
	// Err, not only Close's error: a read its context ended stops early
	// without one, and what it read would be kept as all there is.
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return fmt.Errorf("embedded: warm: %w", s.noteErr(err))
	}
	for name, calls := range common {
		sortCalls(calls)
		s.calls.put(name, generation, calls)
	}
	// By name, then in the order SymbolsByName gives them (by path, then
	// source order): each name's symbols are then one run of the slice,
	// which byName shares with symbols instead of copying.
	sort.Sort(kept)
	syms, fids := kept.syms, kept.fids
	kept = keptSymbols{}
	symbols := make(map[string]*fact.Symbol, len(syms))
	firstFid := map[string]int64{} // IDs declared by more than one file
	byName := map[string][]fact.Symbol{}
	for start := 0; start < len(syms); {
		end := start + 1
		for end < len(syms) && syms[end].Name == syms[start].Name {
			end++
		}
		byName[syms[start].Name] = syms[start:end:end]
		for i := start; i < end; i++ {
			id := syms[i].ID
			prev, dup := symbols[id]
			if !dup {
				symbols[id] = &syms[i]
				continue
			}
			// The first file written to declare it, as Store.Symbol reads.
			// (An ID is in its name's run: the same name.)
			first, ok := firstFid[id]
			for j := start; !ok && j < i; j++ {
				if &syms[j] == prev {
					first, ok = fids[j], true
				}
			}
			if fids[i] < first {
				symbols[id], first = &syms[i], fids[i]
			}
			firstFid[id] = first
		}
		start = end
	}
	entries := len(files) + len(symbols) + len(byName)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files != nil && c.generation > generation {
		return nil // a request has seen a later write: this is stale
	}
	// Whatever was kept for this generation agrees with the bulk read.
	c.reset(generation)
	c.files, c.symbols, c.byName, c.entries, c.complete = files, symbols, byName, entries, true
	return nil
}

// keepFiles keeps the bulk read's files before its longer read of the
// bodies, so that a request made meanwhile (an editor's first, as the
// server starts) finds them here, not a point read each: a first question
// about a JavaScript function reads every JS file's imports (medusa, 5,400
// files). The files kept are the generation's, as the bulk read's are.
func (c *readCache) keepFiles(generation int64, files map[string]fact.File) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files == nil || c.generation < generation {
		c.reset(generation)
	}
	if c.generation != generation {
		return // a request has seen a later write
	}
	for path, f := range files {
		if _, ok := c.files[path]; !ok {
			c.files[path] = f
			c.entries++
		}
	}
}

// keptSymbols sorts the bulk read's symbols by name, path and source
// order, in place.
type keptSymbols struct {
	syms []fact.Symbol
	ords []int32
	fids []int64 // the declaring file's, for IDs two files declare
}

func (k keptSymbols) Len() int { return len(k.syms) }
func (k keptSymbols) Less(i, j int) bool {
	a, b := &k.syms[i], &k.syms[j]
	if a.Name != b.Name {
		return a.Name < b.Name
	}
	if a.Path != b.Path {
		return a.Path < b.Path
	}
	return k.ords[i] < k.ords[j]
}
func (k keptSymbols) Swap(i, j int) {
	k.syms[i], k.syms[j] = k.syms[j], k.syms[i]
	k.ords[i], k.ords[j] = k.ords[j], k.ords[i]
	k.fids[i], k.fids[j] = k.fids[j], k.fids[i]
}
