package grep

import (
	"os"
	"path/filepath"
	"sync"
)

// DefaultContentBudget bounds the bytes of file contents a Searcher keeps.
const DefaultContentBudget = 256 << 20

// contents keeps the files a Searcher has read, so that the next search
// costs one lstat per file instead of an open, a read and a close: the
// prefilter is almost all system calls. An entry is used only while the
// file's size and modification time are what they were when it was read;
// a file changed in place (same directory times) is therefore read again.
type contents struct {
	budget int64

	mu    sync.RWMutex
	files map[string]cachedFile
	bytes int64
}

type cachedFile struct {
	size    int64
	modNano int64
	data    []byte
}

func newContents(budget int64) *contents {
	if budget <= 0 {
		budget = DefaultContentBudget
	}
	return &contents{budget: budget, files: map[string]cachedFile{}}
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

// get returns the kept content of path if it is still current. The slice
// is shared: callers must not write to it.
func (c *contents) get(path string, size, modNano int64) ([]byte, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	f, ok := c.files[path]
	if !ok || f.size != size || f.modNano != modNano {
		return nil, false
	}
	return f.data, true
}

// put keeps a copy of data as path's content at the given stamp, taken
// before the read: a write racing with the read leaves a newer time on the
// file, so the entry is not used again.
func (c *contents) put(path string, size, modNano int64, data []byte) {
	if int64(len(data)) != size {
		return // changed while read
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	old, had := c.files[path]
	grow := int64(len(data))
	if had {
		grow -= int64(len(old.data))
	}
	if c.bytes+grow > c.budget {
		return
	}
	c.files[path] = cachedFile{size: size, modNano: modNano, data: append([]byte(nil), data...)}
	c.bytes += grow
}

// forget drops everything under root ("" for all).
func (c *contents) forget(root string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	prefix := root + string(filepath.Separator)
	for p, f := range c.files {
		if root == "" || len(p) > len(prefix) && p[:len(prefix)] == prefix {
			c.bytes -= int64(len(f.data))
			delete(c.files, p)
		}
	}
}
