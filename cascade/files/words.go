package files

import (
	"context"
	"path/filepath"
	"slices"
	"sync/atomic"

	"github.com/callcascade/callcascade/treesitter"
)

// A wordIndex says which files of a watched list hold each whole word, as
// their kept contents were at one generation of the kept contents. The
// grep stage's prefilter read every file of the list for each search (a
// map lookup, a lock and a scan of the bytes per file: 5-10 ms of CPU on a
// 7,000-file workspace, several times that in wall time on a busy
// machine), mostly for names few files hold. With the index, a search
// is fed only the files that may hold its name.
//
// It speaks only for files whose content is kept and vouched for by the
// list's watch: any change the watch reports forgets a file and bumps the
// generation, and an index of an older generation is not used (the search
// reads the whole list, as before, and a new index is built behind it).
type wordIndex struct {
	gen    uint64             // the kept contents' generation it was built at
	byWord map[uint32][]int32 // a word's hash → indices in the list of the files holding it, ascending
	// always: indices of the files it cannot speak for (not source, not
	// kept, not under the watch, no exact word set), ascending; every
	// search is fed them.
	always []int32
}

// holding lists, ascending, the indices of the files that may hold name
// (an identifier name) as a whole word, and those the index cannot speak for.
func (ix *wordIndex) holding(name []byte) []int32 {
	some := ix.byWord[treesitter.WordHash(name)]
	out := make([]int32, 0, len(some)+len(ix.always))
	i, j := 0, 0
	for i < len(some) || j < len(ix.always) {
		switch {
		case j == len(ix.always) || i < len(some) && some[i] < ix.always[j]:
			out = append(out, some[i])
			i++
		default:
			out = append(out, ix.always[j])
			j++
		}
	}
	return out
}

// wordsOf is the state of a list's word index.
type wordsOf struct {
	index    atomic.Pointer[wordIndex]
	building atomic.Bool
}

// indexWords loads every source file of a watched list into the kept
// contents and indexes their words. It gives up when the cache closes, and
// keeps nothing when a change was reported while it ran.
func (c *Cache) indexWords(root string, l *fileList, maxSize int64) {
	gen := c.kept.generation()
	ix := &wordIndex{gen: gen, byWord: map[uint32][]int32{}}
	var buf []byte
	for i, f := range l.files {
		if c.ctx.Err() != nil {
			return
		}
		if i%yieldFiles == 0 && c.Yield != nil {
			c.Yield(c.ctx)
		}
		at := int32(i)
		if _, ok := treesitter.LanguageForPath(f.Rel); !ok || !l.watch.Covers(f.Rel) {
			// Not source (go.mod: the search reads its module path), or
			// reached through a symlinked directory (a search reads it
			// carefully, and the watch does not vouch for it).
			ix.always = append(ix.always, at)
			continue
		}
		path := filepath.Join(root, filepath.FromSlash(f.Rel))
		kept, content, err := c.kept.Load(path, l.watch, maxSize, buf, func(b []byte) ([]byte, error) {
			read, err := OpenNoFollow(path, b, maxSize)
			buf = read // kept content is a copy: the buffer serves the next file either way
			return read, err
		})
		if err == nil && kept == nil {
			buf = content
		}
		switch {
		case err != nil || kept == nil || !c.kept.vouchedBy(path, kept, l.watch):
			ix.always = append(ix.always, at)
		case kept.binary:
			// A search never matches in a binary file.
		case !kept.hasWords:
			ix.always = append(ix.always, at)
		default:
			for _, h := range kept.words.Hashes() {
				ix.byWord[h] = append(ix.byWord[h], at)
			}
		}
	}
	if c.kept.generation() != gen {
		return // a change came while it ran: the next search builds another
	}
	l.words.index.Store(ix)
}

// yieldFiles is how many files indexWords reads between two chances to
// step aside for a question (Cache.Yield).
const yieldFiles = 256

// reindexWords builds a watched list's word index again in the background,
// unless a build is under way or the cache is closed.
func (c *Cache) reindexWords(root string, l *fileList, maxSize int64) {
	if !l.words.building.CompareAndSwap(false, true) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx.Err() != nil {
		l.words.building.Store(false)
		return
	}
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		defer l.words.building.Store(false)
		c.indexWords(root, l, maxSize)
	}()
}

// feedSome yields the files of list at the given indices.
func feedSome(ctx context.Context, list []WalkedFile, at []int32, watch *Watch) (<-chan WalkedFile, *Watch, func() error) {
	some := make([]WalkedFile, 0, len(at))
	for _, i := range at {
		some = append(some, list[i])
	}
	return feed(ctx, slices.Clip(some), watch)
}
