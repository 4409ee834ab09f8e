package files

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/callcascade/callcascade/treesitter"
)

// DefaultContentBudget bounds the bytes of file contents a Cache keeps.
const DefaultContentBudget = 256 << 20

// maxMemo bounds the keys one kept file remembers values for.
const maxMemo = 64

// Contents keeps the files a Cache's user has read, so that the next
// search costs one lstat per file instead of an open, a read and a close:
// the grep stage's prefilter is almost all system calls. An entry is used
// only while the file's size and modification time are what they were when
// it was read; a file changed in place (same directory times) is therefore
// read again.
//
// Under a directory watch (Watch) an entry the watch vouches for is used
// without the lstat: the watch reports every change to it. Each forget
// bumps a generation, and an entry is put or vouched for only if no forget
// came between the stamp and the put, so an event drained while a file was
// being read cannot be outrun by the stale read.
//
// An entry also remembers values derived from its content, by key (Memo,
// Remember): the grep stage keeps the code sites of each name searched
// for, since a common name (get, constructor, GET) has its word in
// hundreds of files, mostly declarations, and parsing them again for every
// search would take the stage's whole budget. The memo lives and dies with
// the content.
//
// A nil *Contents keeps nothing: Load just reads.
type Contents struct {
	budget int64

	mu    sync.RWMutex
	files map[string]*Kept
	bytes int64
	gen   uint64
}

// Kept is one file's content as read. Its fields but watch and the
// memo never change after put, so its data may be shared without a lock.
type Kept struct {
	size    int64
	modNano int64
	data    []byte
	binary  bool   // IsBinary of its start, worked out once: every search asks
	watch   *Watch // the watch that reports this file's changes; nil if none (under contents.mu)
	// words are the content's whole words, hashed (treesitter.WordSet):
	// a search for a name the file does not hold skips the scan of its
	// bytes. hasWords is false where no exact set could be made.
	words    treesitter.WordSet
	hasWords bool

	memoMu sync.Mutex
	memo   map[string]any // see Memo
}

func newContents(budget int64) *Contents {
	if budget <= 0 {
		budget = DefaultContentBudget
	}
	return &Contents{budget: budget, files: map[string]*Kept{}}
}

// stamp is what an entry is checked against; ok is false for anything but
// a regular file (a symlink is read through the careful path every time).
func stamp(path string) (size, modNano int64, ok bool) {
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return 0, 0, false
	}
	return fi.Size(), fi.ModTime().UnixNano(), true
}

// Load gives the content of the file at path: its kept entry if that is
// current (vouched for by watch, or by its stamp), else what read returns
// into buf, kept for next time. kept is nil when the content is not kept
// (c is nil, the file is not regular, over maxSize or over the budget):
// content is then read's buffer, the caller's to reuse.
func (c *Contents) Load(path string, watch *Watch, maxSize int64, buf []byte, read func([]byte) ([]byte, error)) (kept *Kept, content []byte, err error) {
	if c == nil {
		content, err = read(buf)
		return nil, content, err
	}
	if f, ok := c.watched(path, watch); ok {
		return f, f.data, nil
	}
	gen := c.generation()
	size, mod, stamped := stamp(path)
	if stamped && size <= maxSize {
		if f, ok := c.get(path, size, mod); ok {
			if watch != nil {
				c.vouch(path, size, mod, watch, gen)
			}
			return f, f.data, nil
		}
	}
	if content, err = read(buf); err != nil {
		return nil, content, err
	}
	if stamped {
		if f := c.put(path, size, mod, content, watch, gen); f != nil {
			return f, f.data, nil
		}
	}
	return nil, content, nil
}

// get returns the kept content of path if it is still current. Its data is
// shared: callers must not write to it.
func (c *Contents) get(path string, size, modNano int64) (*Kept, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	f, ok := c.files[path]
	if !ok || f.size != size || f.modNano != modNano {
		return nil, false
	}
	return f, true
}

// watched returns the kept content of path if watch vouches for it.
func (c *Contents) watched(path string, watch *Watch) (*Kept, bool) {
	if watch == nil {
		return nil, false
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	f, ok := c.files[path]
	if !ok || f.watch != watch {
		return nil, false
	}
	return f, true
}

// vouchedBy reports whether f is path's entry and watch vouches for it.
func (c *Contents) vouchedBy(path string, f *Kept, watch *Watch) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	cur, ok := c.files[path]
	return ok && cur == f && f.watch == watch
}

// generation is taken before a file is stamped, for put and vouch.
func (c *Contents) generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// vouch hands path's entry, just found current by its stamp, to watch, if
// nothing was forgotten since gen.
func (c *Contents) vouch(path string, size, modNano int64, watch *Watch, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.files[path]
	if ok && c.gen == gen && f.size == size && f.modNano == modNano {
		f.watch = watch
	}
}

// put keeps a copy of data as path's content at the given stamp, taken
// (with gen) before the read: a write racing with the read leaves a newer
// time on the file, or a forget after gen, so the entry is not used again.
// It returns the entry, nil if none was kept.
func (c *Contents) put(path string, size, modNano int64, data []byte, watch *Watch, gen uint64) *Kept {
	if int64(len(data)) != size {
		return nil // changed while read
	}
	f := &Kept{size: size, modNano: modNano, data: append([]byte(nil), data...), watch: watch,
		binary: IsBinary(data[:min(len(data), BinarySniffSize)])}
	if !f.binary {
		f.words, f.hasWords = treesitter.Words(f.data) // outside the lock: it reads the whole file
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return nil // a change was reported since the stamp
	}
	old, had := c.files[path]
	grow := f.footprint()
	if had {
		grow -= old.footprint()
	}
	if c.bytes+grow > c.budget {
		return nil
	}
	c.files[path] = f
	c.bytes += grow
	return f
}

// forgetFiles drops the given files (slash-separated, relative to root).
func (c *Contents) forgetFiles(root string, rels []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for _, rel := range rels {
		path := filepath.Join(root, filepath.FromSlash(rel))
		if f, ok := c.files[path]; ok {
			c.bytes -= f.footprint()
			delete(c.files, path)
		}
	}
}

// footprint is what the entry counts against the budget.
func (f *Kept) footprint() int64 { return int64(len(f.data)) + f.words.Bytes() }

// MayHoldWord reports whether the content may hold name (an identifier
// name) as a whole word, by its word set: false is certain, true must be
// checked. known is false where the entry has no word set (binary, or not
// valid UTF-8): scan the content instead.
func (f *Kept) MayHoldWord(name []byte) (may, known bool) {
	if !f.hasWords {
		return true, false
	}
	return f.words.MayHold(name), true
}

// Data is the kept content. It is shared: callers must not write to it.
func (f *Kept) Data() []byte { return f.data }

// Binary reports whether the content looks binary (IsBinary of its first
// BinarySniffSize bytes).
func (f *Kept) Binary() bool { return f.binary }

// Memo returns the value Remember kept under key with this content.
func (f *Kept) Memo(key string) (any, bool) {
	f.memoMu.Lock()
	defer f.memoMu.Unlock()
	v, ok := f.memo[key]
	return v, ok
}

// Remember keeps v under key with this content, for as long as the content
// is kept, while there is room for another key.
func (f *Kept) Remember(key string, v any) {
	f.memoMu.Lock()
	defer f.memoMu.Unlock()
	if f.memo == nil {
		f.memo = map[string]any{}
	}
	if len(f.memo) < maxMemo {
		f.memo[key] = v
	}
}
