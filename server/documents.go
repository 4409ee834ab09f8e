package server

import (
	"path/filepath"
	"strings"
	"sync"
)

// overlay holds the text of documents open in the editor; it is the truth
// for those files until they are closed.
type overlay struct {
	mu   sync.RWMutex
	docs map[string]document
}

type document struct {
	version int32
	text    []byte
}

func newOverlay() *overlay { return &overlay{docs: map[string]document{}} }

func (o *overlay) Open(path string, version int32, text []byte) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.docs[path] = document{version: version, text: text}
}

func (o *overlay) Update(path string, version int32, text []byte) { o.Open(path, version, text) }

func (o *overlay) Close(path string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	delete(o.docs, path)
}

// Text is get for handlers.
func (o *overlay) Text(path string) ([]byte, bool) { return o.get(path) }

func (o *overlay) get(path string) ([]byte, bool) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	d, ok := o.docs[path]
	return d.text, ok
}

// under returns copies of the open buffers inside root, by path relative to
// root with forward slashes (the grep stage reads them instead of the disk).
func (o *overlay) under(root string) map[string][]byte {
	o.mu.RLock()
	defer o.mu.RUnlock()
	out := map[string][]byte{}
	prefix := root + string(filepath.Separator)
	for path, d := range o.docs {
		if strings.HasPrefix(path, prefix) {
			out[filepath.ToSlash(strings.TrimPrefix(path, prefix))] = d.text
		}
	}
	return out
}
