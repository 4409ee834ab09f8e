package files

import (
	"bufio"
	"os"
	"path"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// A file git tracks is in the repository whatever .gitignore says: ignore
// rules keep untracked files out of git, and a committed file that matches
// one (GoSQLX's examples/sql-validator/main.go under its own "sql-validator"
// rule) is one the editor shows, gopls types and a caller may sit in. The
// walk reads the repository's index once and keeps such files (and enters
// the ignored directories that hold them, for those files alone).

// maxIndexSize bounds the index read: one of a huge monorepo (hundreds of
// thousands of entries) would cost more memory than the rare tracked but
// ignored file is worth; past it, .gitignore is taken as it is.
const maxIndexSize = 64 << 20

// trackedPaths are the files of the root's git index, by slash path
// relative to the root, and every directory above one.
type trackedPaths struct {
	files, dirs map[string]struct{}
}

// readTracked reads realRoot/.git/index; nil when there is none (no
// repository, a worktree's .git file, an index too large or unreadable).
func readTracked(realRoot string) *trackedPaths {
	name := filepath.Join(realRoot, ".git", "index")
	st, err := os.Lstat(name)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxIndexSize {
		return nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	var idx index.Index
	if err := index.NewDecoder(bufio.NewReader(f)).Decode(&idx); err != nil {
		return nil
	}
	t := &trackedPaths{files: make(map[string]struct{}, len(idx.Entries)), dirs: map[string]struct{}{}}
	for _, e := range idx.Entries {
		t.files[e.Name] = struct{}{}
		for d := path.Dir(e.Name); d != "." && d != "/"; d = path.Dir(d) {
			if _, ok := t.dirs[d]; ok {
				break
			}
			t.dirs[d] = struct{}{}
		}
	}
	return t
}

// holds reports whether the file at slash path rel is tracked.
func (t *trackedPaths) holds(rel string) bool {
	if t == nil {
		return false
	}
	_, ok := t.files[rel]
	return ok
}

// holdsUnder reports whether a tracked file lies under directory rel.
func (t *trackedPaths) holdsUnder(rel string) bool {
	if t == nil {
		return false
	}
	_, ok := t.dirs[rel]
	return ok
}
