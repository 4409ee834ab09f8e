//go:build !unix

package grep

// openNoFollow has no fast path here: every read goes through os.Root.
func openNoFollow(string, []byte, int64) ([]byte, error) { return nil, errSymlink }
