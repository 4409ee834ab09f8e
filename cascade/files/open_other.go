//go:build !unix

package files

import (
	"math"
	"os"
)

// OpenNoFollow has no fast path here: every read goes through os.Root.
func OpenNoFollow(string, []byte, int64) ([]byte, error) { return nil, ErrSymlink }

// ReadFile reads the file at path into buf's memory, following a link as
// os.ReadFile does; sizeHint, the size the walk saw, sizes buf once.
func ReadFile(path string, buf []byte, sizeHint int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return buf[:0], err
	}
	defer f.Close()
	if want := int(min(max(sizeHint, 0), math.MaxInt32)) + 1; cap(buf) < want {
		buf = make([]byte, 0, want)
	}
	return ReadAll(f, buf, math.MaxInt64)
}
