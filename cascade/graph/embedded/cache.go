package embedded

import (
	"container/list"
	"sync"

	"github.com/callcascade/callcascade/cascade/graph"
)

// fileCacheSize bounds the decoded files kept: a call hierarchy request on a
// popular method name reads a few hundred calling files.
const fileCacheSize = 2048

// fileCache keeps recently read files, decoded, least recently used first
// out. An entry holds the files.entry it was decoded from, and File uses it
// only while the stored row still has that entry (which holds the content
// hash), so an entry that another process made stale is never served.
// Writes of this process drop the entries of the files they touch.
type fileCache struct {
	mu    sync.Mutex
	order list.List // of *cachedFile, most recent first
	byKey map[string]*list.Element
}

type cachedFile struct {
	path, entry string
	file        graph.File
}

// get returns the cached entry and file for path, if any. The file's slices
// are the cache's: not to be changed.
func (c *fileCache) get(path string) (string, graph.File, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[path]
	if !ok {
		return "", graph.File{}, false
	}
	c.order.MoveToFront(e)
	f := e.Value.(*cachedFile)
	return f.entry, f.file, true
}

func (c *fileCache) put(path, entry string, f graph.File) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byKey == nil {
		c.byKey = map[string]*list.Element{}
	}
	if e, ok := c.byKey[path]; ok {
		e.Value = &cachedFile{path: path, entry: entry, file: f}
		c.order.MoveToFront(e)
		return
	}
	c.byKey[path] = c.order.PushFront(&cachedFile{path: path, entry: entry, file: f})
	for c.order.Len() > fileCacheSize {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(*cachedFile).path)
	}
}

func (c *fileCache) forget(path string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[path]; ok {
		c.order.Remove(e)
		delete(c.byKey, path)
	}
}

// invalidate drops the cached files of a batch being written.
func (s *Store) invalidate(batch []graph.FileFacts) {
	for i := range batch {
		s.files.forget(batch[i].File.Path)
	}
}

// forget drops the cached file at path.
func (s *Store) forget(path string) { s.files.forget(path) }
