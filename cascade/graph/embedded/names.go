package embedded

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
)

// nameIndex is what the store looks things up by, kept in memory instead of
// in SQLite b-trees (issue 16): which files call a name, which declare a
// symbol of a name or an ID. It is read from facts.names the first time a
// lookup needs it (about a megabyte for 7,000 files), and from then on kept
// up with this process's writes, which apply their changes as they commit.
//
// It is right for one generation of the store (meta.generation, which every
// write transaction bumps). A reader asks for at least the generation it
// read: an index behind it (another process wrote) is read again.
type nameIndex struct {
	mu         sync.RWMutex
	loaded     bool
	generation int64

	files   map[int64]*indexedFile
	callees map[string][]fileCount // by callee name
	symbols map[string][]int64     // files declaring a symbol, by name
	ids     map[string][]int64     // files declaring a symbol, or holding an orphan call, by ID
	strs    map[string]string      // interned names
}

type indexedFile struct {
	path  string
	names fileNames
}

type fileCount struct {
	fid   int64
	count int
}

// nameChange is a file written (facts not nil) or deleted.
type nameChange struct {
	fid   int64
	path  string
	facts *fact.FileFacts
}

func (x *nameIndex) reset() {
	x.files = map[int64]*indexedFile{}
	x.callees = map[string][]fileCount{}
	x.symbols = map[string][]int64{}
	x.ids = map[string][]int64{}
	x.strs = map[string]string{}
}

func (x *nameIndex) intern(s string) string {
	if t, ok := x.strs[s]; ok {
		return t
	}
	s = string([]byte(s)) // a copy: s may be a slice of something big
	x.strs[s] = s
	return s
}

func (x *nameIndex) add(fid int64, f *indexedFile) {
	x.files[fid] = f
	for _, c := range f.names.callees {
		x.callees[c.name] = append(x.callees[c.name], fileCount{fid, c.count})
	}
	for _, s := range f.names.symbols {
		if l := x.symbols[s.name]; len(l) == 0 || l[len(l)-1] != fid {
			x.symbols[s.name] = append(l, fid)
		}
		if l := x.ids[s.id]; len(l) == 0 || l[len(l)-1] != fid {
			x.ids[s.id] = append(l, fid)
		}
	}
	for _, id := range f.names.orphans {
		if l := x.ids[id]; len(l) == 0 || l[len(l)-1] != fid {
			x.ids[id] = append(l, fid)
		}
	}
}

func (x *nameIndex) remove(fid int64) {
	f := x.files[fid]
	if f == nil {
		return
	}
	delete(x.files, fid)
	for _, c := range f.names.callees {
		l := slices.DeleteFunc(x.callees[c.name], func(fc fileCount) bool { return fc.fid == fid })
		if len(l) == 0 {
			delete(x.callees, c.name)
		} else {
			x.callees[c.name] = l
		}
	}
	drop := func(m map[string][]int64, key string) {
		l := slices.DeleteFunc(m[key], func(v int64) bool { return v == fid })
		if len(l) == 0 {
			delete(m, key)
		} else {
			m[key] = l
		}
	}
	for _, s := range f.names.symbols {
		drop(x.symbols, s.name)
		drop(x.ids, s.id)
	}
	for _, id := range f.names.orphans {
		drop(x.ids, id)
	}
}

// dropLocked forgets the index: the next lookup reads it again.
func (x *nameIndex) dropLocked() {
	x.loaded = false
	x.files, x.callees, x.symbols, x.ids, x.strs = nil, nil, nil, nil, nil
}

// writtenLocked applies a write of this process that took the store to
// generation. With the index behind by more than that write (another
// process wrote in between) it is dropped, to be read again.
func (x *nameIndex) writtenLocked(generation int64, changes []nameChange) {
	if !x.loaded {
		return
	}
	if generation != x.generation+1 {
		x.dropLocked()
		return
	}
	for _, c := range changes {
		x.remove(c.fid)
		if c.facts != nil {
			x.add(c.fid, &indexedFile{path: c.path, names: namesOf(c.facts, x.intern)})
		}
	}
	x.generation = generation
}

// loadNamesSQL reads the index in one read transaction with its generation.
const loadNamesSQL = `SELECT f.fid, f.path, x.names FROM files f JOIN facts x ON x.fid = f.fid`

// at makes the index hold at least generation, reading it again if it is
// behind, and calls f with it read-locked.
func (s *Store) atNames(ctx context.Context, generation int64, f func(x *nameIndex)) error {
	x := &s.names
	x.mu.RLock()
	if x.loaded && x.generation >= generation {
		defer x.mu.RUnlock()
		f(x)
		return nil
	}
	x.mu.RUnlock()
	x.mu.Lock()
	if !x.loaded || x.generation < generation {
		if err := s.loadNames(ctx); err != nil {
			x.mu.Unlock()
			return err
		}
	}
	x.mu.Unlock()
	// Read-locked again: a write may have moved it on meanwhile, which is
	// as good.
	x.mu.RLock()
	defer x.mu.RUnlock()
	if !x.loaded {
		return fmt.Errorf("name index dropped while reading")
	}
	f(x)
	return nil
}

// loadNames reads the whole index; s.names must be locked.
func (s *Store) loadNames(ctx context.Context) error {
	x := &s.names
	tx, err := s.readDB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var generation int64
	if err := tx.QueryRowContext(ctx, generationSQL).Scan(&generation); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, loadNamesSQL)
	if err != nil {
		return err
	}
	defer rows.Close()
	x.dropLocked()
	x.reset()
	for rows.Next() {
		var fid int64
		var path string
		var names sql.RawBytes
		if err := rows.Scan(&fid, &path, &names); err != nil {
			x.dropLocked()
			return err
		}
		n, err := decodeNames(names) // copies the bytes into one string
		if err != nil {
			x.dropLocked()
			return fmt.Errorf("names of %s: %w", path, err)
		}
		for i := range n.callees {
			n.callees[i].name = x.intern(n.callees[i].name)
		}
		for i := range n.symbols {
			n.symbols[i].name = x.intern(n.symbols[i].name)
		}
		x.add(fid, &indexedFile{path: path, names: n})
	}
	if err := rows.Err(); err != nil {
		x.dropLocked()
		return err
	}
	x.loaded, x.generation = true, generation
	return nil
}

// generation reads the store's generation.
func (s *Store) currentGeneration(ctx context.Context) (int64, error) {
	var generation int64
	err := s.read.generation.QueryRowContext(ctx).Scan(&generation)
	return generation, err
}
