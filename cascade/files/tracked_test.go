package files

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/google/go-cmp/cmp"
)

// writeIndex writes a git index at root/.git/index tracking paths.
func writeIndex(t *testing.T, root string, paths ...string) {
	t.Helper()
	idx := &index.Index{Version: 2}
	for _, p := range paths {
		idx.Entries = append(idx.Entries, &index.Entry{Name: p})
	}
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(root, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := index.NewEncoder(f).Encode(idx); err != nil {
		t.Fatal(err)
	}
}

// A committed file that a .gitignore rule matches is in the repository:
// the walk yields it, and only the tracked files of an ignored directory.
func TestWalkKeepsTrackedFilesThatGitignoreMatches(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore":                       "sql-validator\n*.gen.go\nbuild/\n",
		"main.go":                          "package main\n",
		"examples/sql-validator/main.go":   "package main\n",
		"examples/sql-validator/local.go":  "package main\n",
		"examples/sql-validator/deep/x.go": "package deep\n",
		"api.gen.go":                       "package main\n",
		"scratch.gen.go":                   "package main\n",
		"build/tool.go":                    "package build\n",
		"node_modules/lib/index.js":        "module.exports = 1;\n",
	})
	writeIndex(t, root, ".gitignore", "api.gen.go", "examples/sql-validator/main.go", "main.go", "node_modules/lib/index.js")
	rels, stats := walkRels(t, root, WalkOptions{})
	want := []string{"api.gen.go", "examples/sql-validator/main.go", "main.go"}
	if diff := cmp.Diff(want, rels); diff != "" {
		t.Errorf("walked (-want +got):\n%s", diff)
	}
	// local.go, deep/ (no tracked file under it), scratch.gen.go, build/,
	// node_modules/ (skipped whatever git says), .git/
	if stats.Ignored != 6 {
		t.Errorf("Ignored = %d, want 6", stats.Ignored)
	}

	// The user's own excludes hold for tracked files too.
	rels, _ = walkRels(t, root, WalkOptions{ExtraIgnores: []string{"*.gen.go", "examples/"}})
	if diff := cmp.Diff([]string{"main.go"}, rels); diff != "" {
		t.Errorf("walked with excludes (-want +got):\n%s", diff)
	}

	// No index: .gitignore as it is.
	if err := os.Remove(filepath.Join(root, ".git", "index")); err != nil {
		t.Fatal(err)
	}
	rels, _ = walkRels(t, root, WalkOptions{})
	if diff := cmp.Diff([]string{"main.go"}, rels); diff != "" {
		t.Errorf("walked without an index (-want +got):\n%s", diff)
	}
}
