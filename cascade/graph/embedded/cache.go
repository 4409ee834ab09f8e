package embedded

import (
	"container/list"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
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
	file        fact.File
}

// get returns the cached entry and file for path, if any. The file's slices
// are the cache's: not to be changed.
func (c *fileCache) get(path string) (string, fact.File, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[path]
	if !ok {
		return "", fact.File{}, false
	}
	c.order.MoveToFront(e)
	f := e.Value.(*cachedFile)
	return f.entry, f.file, true
}

func (c *fileCache) put(path, entry string, f fact.File) {
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
func (s *Store) invalidate(batch []fact.FileFacts) {
	for i := range batch {
		s.files.forget(batch[i].File.Path)
	}
}

// forget drops the cached file at path.
func (s *Store) forget(path string) { s.files.forget(path) }

// A call hierarchy request reads every call site of the target's name, and
// the framework links read every call of each registering name (get, post,
// use, on, ...) on every request: thousands of rows that decode in tens of
// milliseconds, the same ones request after request. callCache keeps the
// answers for names with many call sites.
//
// Its entries are right for one generation of the store: meta.generation,
// which every write transaction bumps (this process's or another's). This
// process's writes drop the entries of the names they touch and move the
// cache to the generation they wrote; a generation the cache did not see
// coming means another process wrote, and every entry goes.
const (
	// callCacheMinRows: smaller answers are read again, cheaply.
	callCacheMinRows = 64
	// callCacheMaxRows bounds the call sites held (a few hundred bytes
	// each), least recently used name first out; a workspace whose
	// commonly called names have more sites raises it to their count
	// (callCache.fit): a Django application's 140,000 sites of 378 names
	// did not fit in 50,000, and each request for a method named get read
	// a thousand stored bodies again.
	callCacheMaxRows = 50_000
	// callCacheClearBatch: a write of more files than this drops every
	// entry rather than working out which names it touched.
	callCacheClearBatch = 256
)

type callCache struct {
	mu         sync.Mutex
	generation int64     // of the store the entries are right for
	rows       int       // call sites held
	limit      int       // call sites held at most; under callCacheMaxRows: that (fit)
	order      list.List // of *cachedCalls, most recent first
	byName     map[string]*list.Element
}

type cachedCalls struct {
	name  string
	calls []fact.Call
	paths map[string]struct{} // of the calls: a write to one of them drops the entry
}

// get returns the calls of name cached for generation, if any. The slice
// is the cache's: not to be changed.
func (c *callCache) get(name string, generation int64) ([]fact.Call, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync(generation)
	e, ok := c.byName[name]
	if !ok || c.generation != generation {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cachedCalls).calls, true
}

// put caches the calls of name read at generation, unless the store has
// moved on since.
func (c *callCache) put(name string, generation int64, calls []fact.Call) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(calls) < callCacheMinRows || len(calls) > c.maxRows()/4 {
		return
	}
	c.sync(generation)
	if c.generation != generation {
		return // read before a write that the cache has seen
	}
	if e, ok := c.byName[name]; ok {
		c.remove(e)
	}
	paths := map[string]struct{}{}
	for i := range calls {
		paths[calls[i].Path] = struct{}{}
	}
	if c.byName == nil {
		c.byName = map[string]*list.Element{}
	}
	c.byName[name] = c.order.PushFront(&cachedCalls{name: name, calls: calls, paths: paths})
	c.rows += len(calls)
	for c.rows > c.maxRows() {
		c.remove(c.order.Back())
	}
}

// fit sizes the cache for a workspace whose commonly called names have
// rows call sites together.
func (c *callCache) fit(rows int) {
	c.mu.Lock()
	c.limit = rows
	c.mu.Unlock()
}

// maxRows is how many call sites the cache holds at most (c.mu held).
func (c *callCache) maxRows() int { return max(c.limit, callCacheMaxRows) }

// caches reports whether a name with rows call sites is kept.
func (c *callCache) caches(rows int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return rows >= callCacheMinRows && rows <= c.maxRows()/4
}

// sync clears the cache when the store is at a later generation than the
// cache knows of: another process wrote to it.
func (c *callCache) sync(generation int64) {
	if generation > c.generation {
		c.clear()
		c.generation = generation
	}
}

// written records a write of this process that took the store to
// generation: it changed the files paths, and their calls now have the
// callee names in names.
func (c *callCache) written(generation int64, paths []string, names map[string]struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	// A generation more than one ahead: another process wrote between.
	// (One behind or less: a reader saw this write first and cleared the
	// cache then; what was put since is of this generation.)
	if generation > c.generation+1 || len(paths) > callCacheClearBatch {
		c.clear()
	} else {
		for e := c.order.Front(); e != nil; {
			next := e.Next()
			entry := e.Value.(*cachedCalls)
			_, drop := names[entry.name]
			for _, p := range paths {
				if _, ok := entry.paths[p]; ok {
					drop = true
					break
				}
			}
			if drop {
				c.remove(e)
			}
			e = next
		}
	}
	c.generation = max(c.generation, generation)
}

func (c *callCache) remove(e *list.Element) {
	entry := c.order.Remove(e).(*cachedCalls)
	delete(c.byName, entry.name)
	c.rows -= len(entry.calls)
}

func (c *callCache) clear() {
	c.order.Init()
	clear(c.byName)
	c.rows = 0
}
