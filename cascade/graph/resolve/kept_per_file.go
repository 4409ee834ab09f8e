package resolve

import (
	"context"

	"github.com/callcascade/callcascade/cascade/fact"
)

// keptPerFile keeps, for each file, what a workspace-wide table is built
// from (jsBindings: a file's default imports and re-exports; pyImporters:
// the modules it imports) until the file's content changes, so that a new
// generation's table reads the stored facts of the changed files only.
// Guarded by the resolver's mu.
type keptPerFile[V any] struct {
	entries map[string]keptFileEntry[V]
}

type keptFileEntry[V any] struct {
	stamp fileStampKey
	value V
}

// fileStampKey is a file's hash, size and modification time: it changes
// whenever the file's content does.
type fileStampKey struct {
	hash        string
	size, mtime int64
}

// fileStamp is wf's stamp. A comparable value, not a formatted string:
// eachFrameworkFile stamps every file of the workspace each time a request
// asks for the providers, several times a request (a NestJS handler's
// incoming calls formatted 500 stamps a time, most of 80 ms).
func fileStamp(f fact.File) fileStampKey { return fileStampKey{f.Hash, f.Size, f.ModTime} }

// of is what is kept for wf, derived again from its stored facts when its
// content changed; false when the store no longer has the file (gone since
// the list was read: the next generation has no such file).
func (k *keptPerFile[V]) of(ctx context.Context, q *query, wf fact.File, derive func(*fact.File) V) (V, bool, error) {
	var zero V
	stamp := fileStamp(wf)
	q.r.mu.Lock()
	e, ok := k.entries[wf.Path]
	q.r.mu.Unlock()
	if ok && e.stamp == stamp {
		return e.value, true, nil
	}
	if err := ctx.Err(); err != nil {
		return zero, false, err
	}
	f, err := q.store.File(ctx, wf.Path)
	if err != nil {
		return zero, false, nil
	}
	v := derive(&f)
	q.r.mu.Lock()
	if k.entries == nil {
		k.entries = map[string]keptFileEntry[V]{}
	}
	k.entries[wf.Path] = keptFileEntry[V]{stamp, v}
	q.r.mu.Unlock()
	return v, true, nil
}

// keepOnly forgets the files not present, with the resolver's mu held.
func (k *keptPerFile[V]) keepOnly(present map[string]bool) {
	for p := range k.entries {
		if !present[p] {
			delete(k.entries, p)
		}
	}
}
