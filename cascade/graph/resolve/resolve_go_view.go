package resolve

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
)

// Views, decided as gopls decides them. gopls answers a request on a Go file
// in one view (gopls/internal/cache/view.go, defineView), and looks for
// callers only among that view's packages: a call in a package of another
// module is no caller, even where that module's go.mod replaces the
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

// goViewDirs holds, per directory (absolute), the nearest go.mod's and
// go.work's directories found on disk ("" for none), for one request.
type goViewDirs struct {
	root      string // the workspace root: nothing above it is looked at
	mod, work map[string]string
	// views: the module directories of the view each target file is
	// answered in; nil for a file in no module or workspace. own: those
	// of them the view is made of, not loaded through a replace.
	views, own map[string]map[string]bool
}

// goOutsideView reports whether the Go file at other is in a package of
// another view than the one gopls answers a request on the Go file at at
// in: a call there is no caller of at's symbols.
func (q *goLang) goOutsideView(at, other string) bool {
	if at == other || q.r.Root == "" {
		return false
	}
	v := &q.viewDirs
	if v.views == nil {
		v.mod, v.work, v.views, v.own = map[string]string{}, map[string]string{}, map[string]map[string]bool{}, map[string]map[string]bool{}
		v.root = filepath.Clean(q.r.Root)
	}
	atDir := filepath.Dir(filepath.Join(q.r.Root, filepath.FromSlash(at)))
	otherDir := filepath.Dir(filepath.Join(q.r.Root, filepath.FromSlash(other)))
	if atDir == otherDir {
		return false
	}
	mods, seen := v.views[atDir]
	if !seen {
		own := v.viewOf(atDir)
		mods = q.goWithReplaced(maps.Clone(own))
		v.views[atDir], v.own[atDir] = mods, own
	}
	if mods == nil {
		return false
	}
	mod := v.nearest(v.mod, otherDir, "go.mod")
	if mod == "" || !mods[mod] {
		return true
	}
	// A module the view loads through a replace is a dependency to gopls,
	// loaded without its tests (batchprocessor's view and processortest's
	// nop_processor_test.go): a call in its _test.go files is no caller.
	return strings.HasSuffix(other, "_test.go") && !v.own[atDir][mod]
}

// goWithReplaced adds to a view's module directories (mods, changed in
// place) every directory a module of it replaces a dependency with
// (kratos's replace github.com/ory/x => ./oryx): gopls loads that
// directory's packages into the view as the dependency's, and a call there
// through an interface the dependency declares (row.Interface() on a
// cmdx.TableRow) is a caller of the view's types that implement it. The
// other direction, a module elsewhere replacing the view's module, stays
// outside. A directory outside the workspace is never asked about.
func (q *goLang) goWithReplaced(mods map[string]bool) map[string]bool {
	if mods == nil {
		return nil
	}
	q.r.goDeps.setRoot(q.r.Root)
	var replaced []string
	for m := range mods {
		if mf := q.r.goDeps.modFile(m); mf != nil {
			for _, to := range mf.replaces {
				replaced = append(replaced, to) // "module@version" names no directory: never a file's module
			}
		}
	}
	for _, d := range replaced {
		mods[d] = true
	}
	return mods
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
	for _, p := range goWorkUsePaths(string(data)) {
		p = filepath.FromSlash(p)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		used[filepath.Clean(p)] = true
	}
	return used, true
}

// goWorkUsePaths is the paths of a go.work file's use directives, in the
// single-line (use ./a) and block (use ( ./a ./b )) forms, quoted or not.
func goWorkUsePaths(src string) []string {
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
