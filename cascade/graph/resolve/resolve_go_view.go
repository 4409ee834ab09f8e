package resolve

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Views, decided as gopls decides them. gopls answers a request on a Go file
// in one view (gopls/internal/cache/view.go, defineView), and looks for
// callers only among that view's workspace packages: a call in a package of
// another module is no caller, even where that module's go.mod replaces the
// target's module with the workspace's directory (a third_party/x module
// with `replace example.com/lib => ../../lib`). The view of a file is:
//   - the nearest go.work above it, up to the workspace root (gopls looks
//     further up, but callcascade reads nothing outside the workspace
//     roots), when it uses the file's module, or the file is in none: the
//     modules it uses;
//   - else the nearest go.mod above it: that module alone (gopls's
//     includeReplaceInWorkspace is off by default);
//   - else none (GOPATH or ad hoc): nothing is left out here.
// A package belongs to the module of the nearest go.mod above it, so a
// nested module (tools/go.mod under the root's go.mod) is a view of its own.
// Without this, searKing/golang's nested modules had calls of the library
// module's functions from other modules' packages counted as callers.
//
// A directory the view's go.mod replaces a dependency with (kratos's
// `replace github.com/ory/x => ./oryx`, opentelemetry-go's sdk module and
// `replace go.opentelemetry.io/otel/trace => ../trace`) is a dependency to
// gopls, not a workspace package: its calls are no callers, and an interface
// it declares is in no method-set index gopls searches, so a call through it
// is a caller of a view's type only in that type's own package (gopls's
// local search, golang/references.go). gopls counts a package with a file
// the client has open as a workspace package; an editor asking from one
// file (the gopls command line, `gopls call_hierarchy`) sees the above.

// goViewDirs holds, per directory (absolute), the nearest go.mod's and
// go.work's directories found on disk ("" for none), for one request.
type goViewDirs struct {
	root      string // the workspace root: nothing above it is looked at
	mod, work map[string]string
	// views: the module directories of the view each target file is
	// answered in; nil for a file in no module or workspace.
	views map[string]map[string]bool
}

// goOutsideView reports whether the Go file at other is in a package of
// another module than those of the view gopls answers a request on the Go
// file at at in: a call there is no caller of at's symbols.
func (q *goLang) goOutsideView(at, other string) bool {
	if at == other || q.r.Root == "" {
		return false
	}
	v := &q.viewDirs
	if v.views == nil {
		v.mod, v.work, v.views = map[string]string{}, map[string]string{}, map[string]map[string]bool{}
		v.root = filepath.Clean(q.r.Root)
	}
	atDir := filepath.Dir(filepath.Join(q.r.Root, filepath.FromSlash(at)))
	otherDir := filepath.Dir(filepath.Join(q.r.Root, filepath.FromSlash(other)))
	if atDir == otherDir {
		return false
	}
	mods, seen := v.views[atDir]
	if !seen {
		mods = v.viewOf(atDir)
		v.views[atDir] = mods
	}
	if mods == nil {
		return false
	}
	mod := v.nearest(v.mod, otherDir, "go.mod")
	return mod == "" || !mods[mod]
}

// goThroughDependency reports whether relating call c, resolved to the
// method m, to target goes through a type declared outside target's view
// (m's type, or target's interface's other side, in a replaced module):
// gopls relates the two only in target's own package.
func (q *goLang) goThroughDependency(c fact.Call, m, target fact.Symbol) bool {
	if target.Language != treesitter.Go || m.Language != treesitter.Go || path.Dir(c.Path) == path.Dir(target.Path) {
		return false
	}
	return q.goOutsideView(target.Path, m.Path)
}

// viewOf is the module directories of the view a file in dir is answered
// in (defineView), nil for none.
func (v *goViewDirs) viewOf(dir string) map[string]bool {
	mod := v.nearest(v.mod, dir, "go.mod")
	if work := v.nearest(v.work, dir, "go.work"); work != "" {
		if used, ok := goWorkUses(work); ok && (mod == "" || used[mod]) {
			return used
		}
	}
	if mod == "" {
		return nil
	}
	return map[string]bool{mod: true}
}

// nearest is the directory of the nearest file named base in dir or above
// it up to the workspace root, "" for none, memoized in m for every
// directory on the way.
func (v *goViewDirs) nearest(m map[string]string, dir, base string) string {
	var walked []string
	found := ""
	for {
		if d, ok := m[dir]; ok {
			found = d
			break
		}
		walked = append(walked, dir)
		if st, err := os.Stat(filepath.Join(dir, base)); err == nil && !st.IsDir() {
			found = dir
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir || dir == v.root || (v.root != "" && !insideDir(v.root, parent)) {
			break
		}
		dir = parent
	}
	for _, d := range walked {
		m[d] = found
	}
	return found
}

// goWorkUses reads the directories a go.work file in dir uses (its use
// directives, relative to dir); ok is false when it cannot be read.
func goWorkUses(dir string) (map[string]bool, bool) {
	data, err := os.ReadFile(filepath.Join(dir, "go.work"))
	if err != nil {
		return nil, false
	}
	used := map[string]bool{}
	for _, p := range GoWorkUsePaths(string(data)) {
		p = filepath.FromSlash(p)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		used[filepath.Clean(p)] = true
	}
	return used, true
}

// GoWorkUsePaths is the paths of a go.work file's use directives, in the
// single-line (use ./a) and block (use ( ./a ./b )) forms, quoted or not.
// The accuracy harness reads gopls's views with it too.
func GoWorkUsePaths(src string) []string {
	var paths []string
	inBlock := false
	for _, line := range strings.Split(src, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		switch {
		case inBlock && line == ")":
			inBlock = false
			continue
		case inBlock:
		case line == "use (" || line == "use(":
			inBlock = true
			continue
		case strings.HasPrefix(line, "use ") || strings.HasPrefix(line, "use\t"):
			line = strings.TrimSpace(line[len("use"):])
		default:
			continue
		}
		if line == "" {
			continue
		}
		paths = append(paths, unquoteGoWork(line))
	}
	return paths
}

// unquoteGoWork strips a use path's quotes ("./a" or `./a`).
func unquoteGoWork(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '`' && s[len(s)-1] == '`') {
		return s[1 : len(s)-1]
	}
	return s
}

// insideDir reports whether dir is root or below it.
func insideDir(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	return err == nil && filepath.IsLocal(rel) || rel == "."
}
