//go:build !unix

package files

// OpenNoFollow has no fast path here: every read goes through os.Root.
func OpenNoFollow(string, []byte, int64) ([]byte, error) { return nil, ErrSymlink }
