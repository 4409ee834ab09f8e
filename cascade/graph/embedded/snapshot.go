package embedded

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

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
// reads it serves are kept for that generation and dropped as a whole when
// a request finds a later one. A write finishing during a request may or
// may not be seen by the rest of it, as without the snapshot; it is seen
// by every request that starts after it.
type snapshot struct {
	*Store
	generation int64
}

var _ graph.Snapshotter = (*Store)(nil)

// snapshotMaxEntries bounds what the kept reads hold (files, symbols and
// names together); past it they are dropped and kept afresh.
const snapshotMaxEntries = 100_000

// readCache is what snapshots keep, for one generation.
type readCache struct {
	mu         sync.Mutex
	generation int64
	entries    int
	files      map[string]graph.File     // ok reads only
	symbols    map[string]*graph.Symbol  // nil: not found
	byName     map[string][]graph.Symbol // SymbolsByName answers
}

// Snapshot returns a view of the store for one request: see snapshot.
func (s *Store) Snapshot(ctx context.Context) (graph.Store, error) {
	var generation int64
	if err := s.read.generation.QueryRowContext(ctx).Scan(&generation); err != nil {
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
	c.entries = 0
	c.files = map[string]graph.File{}
	c.symbols = map[string]*graph.Symbol{}
	c.byName = map[string][]graph.Symbol{}
}

// room makes room for one more entry of generation; false if the cache is
// at another generation (a later request moved it on: keep nothing).
func (c *readCache) room(generation int64) bool {
	if c.files == nil || c.generation != generation {
		return false
	}
	if c.entries >= snapshotMaxEntries {
		c.reset(generation)
	}
	c.entries++
	return true
}

func (v *snapshot) File(ctx context.Context, path string) (graph.File, error) {
	c := &v.kept
	c.mu.Lock()
	f, ok := c.files[path]
	ok = ok && c.generation == v.generation
	c.mu.Unlock()
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

func (v *snapshot) Symbol(ctx context.Context, id string) (graph.Symbol, error) {
	c := &v.kept
	c.mu.Lock()
	sym, ok := c.symbols[id]
	ok = ok && c.generation == v.generation
	c.mu.Unlock()
	if ok {
		if sym == nil {
			return graph.Symbol{}, fmt.Errorf("embedded: symbol %s: %w", id, graph.ErrNotFound)
		}
		return *sym, nil
	}
	got, err := v.Store.Symbol(ctx, id)
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

func (v *snapshot) SymbolsByName(ctx context.Context, name string) ([]graph.Symbol, error) {
	c := &v.kept
	c.mu.Lock()
	syms, ok := c.byName[name]
	ok = ok && c.generation == v.generation
	c.mu.Unlock()
	if !ok {
		var err error
		if syms, err = v.Store.SymbolsByName(ctx, name); err != nil {
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
func (v *snapshot) CallsByCallee(ctx context.Context, name string) ([]graph.Call, error) {
	return v.Store.callsByCallee(ctx, name, v.generation)
}
