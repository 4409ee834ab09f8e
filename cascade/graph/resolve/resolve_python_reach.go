package resolve

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A monorepo of Python distributions (a uv or poetry workspace: services
// under apps/, each with its own pyproject.toml, beside shared packages)
// holds many methods of one name: every service's repository has its
// save(). A call whose receiver nothing types (repos["users"].save(user),
// repos a dict[str, Any] parameter) could be any of them, as grep lists
// it; pyright answers none (the receiver is Any). But an instance of a
// class reaches a module's code only through modules that import both:
// the class's module, or one that imports it, makes the instance, and
// one that imports the caller's module hands it on (a composition root,
// a test, an application's main). Where no workspace module imports,
// directly or through others, both the site's module and the target's,
// and the two lie in different distributions, the site cannot call the
// target: another service's repository is not this one's.
//
// The imports are read as Python runs them, over-approximated (an edge
// too many only keeps a site): import a.b.c imports a/__init__ and
// a/b/__init__ too; from m import x may import the submodule m.x; a
// module name matches every workspace file whose path ends with it; and
// pytest hands a conftest.py's fixtures to every module under its
// directory, as an import of it.

// outsideReach is what a Python call site that cannot reach the target
// (pyApart) is said to call.
const outsideReach = "nothing of the target's distribution: no workspace module imports both this module and the target's (pyright: the receiver is untyped)"

// pyImporters maps every Python file to the files that import it (as
// above), built once a generation; each file's imports are read once and
// kept until its hash changes, as jsBindings keeps its.
func (q *query) pyImporters(ctx context.Context) (map[string][]string, error) {
	g := q.r.current()
	q.r.mu.Lock()
	if g.pyImporters != nil {
		m := g.pyImporters
		q.r.mu.Unlock()
		return m, nil
	}
	q.r.mu.Unlock()

	// Every Python file by each dotted tail of its module name
	// (commands, application.commands, ...), and by its path.
	byTail := map[string][]string{}
	byPath := map[string][]string{}
	var conftests []string
	var pyFiles []fact.File
	for _, wf := range q.allFiles(ctx) {
		if wf.Language != treesitter.Python {
			continue
		}
		pyFiles = append(pyFiles, wf)
		mod := stripExt(wf.Path)
		if path.Base(mod) == "conftest" {
			conftests = append(conftests, wf.Path)
		}
		mod = strings.TrimSuffix(mod, "/__init__")
		byPath[mod] = append(byPath[mod], wf.Path)
		segs := strings.Split(mod, "/")
		for i := range segs {
			tail := strings.Join(segs[i:], ".")
			byTail[tail] = append(byTail[tail], wf.Path)
		}
	}
	importers := map[string][]string{}
	link := func(from, to string) {
		if from != to {
			importers[to] = append(importers[to], from)
		}
	}
	present := map[string]bool{}
	fields := map[string][]pyFieldAt{}
	for _, wf := range pyFiles {
		present[wf.Path] = true
		// Dotted; relative ones resolved to a path ("/" + path without extension).
		kept, ok, err := q.r.pyImportFiles.of(ctx, q, wf, pyFileKeptOf)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		for _, fl := range kept.fields {
			fields[fl.Name] = append(fields[fl.Name], pyFieldAt{path: wf.Path, field: fl})
		}
		for _, m := range kept.modules {
			if p, ok := strings.CutPrefix(m, "/"); ok {
				for dir := p; dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
					for _, to := range byPath[dir] {
						link(wf.Path, to)
					}
				}
				continue
			}
			for mod := m; mod != ""; {
				for _, to := range byTail[mod] {
					link(wf.Path, to)
				}
				i := strings.LastIndexByte(mod, '.')
				if i < 0 {
					break
				}
				mod = mod[:i]
			}
		}
	}
	for _, c := range conftests {
		dir := path.Dir(c)
		for _, wf := range pyFiles {
			if wf.Path != c && underDir(dir, path.Dir(wf.Path)) {
				link(wf.Path, c)
			}
		}
	}
	q.r.mu.Lock()
	q.r.pyImportFiles.keepOnly(present)
	g.pyImporters = importers
	g.pyFields = fields
	q.r.mu.Unlock()
	return importers, nil
}

// pyFileKept is what pyImporters keeps of a Python file: the modules it
// imports, and its fields.
type pyFileKept struct {
	modules []string
	fields  []treesitter.Field
}

// pyFieldAt is a Python field and the file that declares it.
type pyFieldAt struct {
	path  string
	field treesitter.Field
}

func pyFileKeptOf(f *fact.File) pyFileKept {
	return pyFileKept{modules: pyImportedModules(f), fields: f.Fields}
}

// pyFieldsNamed are the workspace's Python fields named name, wherever
// they are declared (built with pyImporters, once a generation).
func (q *query) pyFieldsNamed(ctx context.Context, name string) ([]pyFieldAt, error) {
	if _, err := q.pyImporters(ctx); err != nil {
		return nil, err
	}
	g := q.r.current()
	q.r.mu.Lock()
	defer q.r.mu.Unlock()
	return g.pyFields[name], nil
}

// pyImportedModules are the module names f's imports name: for from m
// import x, m and m.x (x may be a submodule); a relative module resolved
// against f's directory, as "/" and its path.
func pyImportedModules(f *fact.File) []string {
	var out []string
	seen := map[string]bool{}
	add := func(m string) {
		if m != "" && !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	for _, imp := range f.Imports {
		mod := imp.Module
		sub := ""
		if imp.Imported != "*" && imp.Imported != "" {
			sub = imp.Imported
		}
		if strings.HasPrefix(mod, ".") {
			dots := len(mod) - len(strings.TrimLeft(mod, "."))
			dir := path.Dir(f.Path)
			for i := 1; i < dots; i++ {
				dir = path.Dir(dir)
			}
			rest := strings.ReplaceAll(strings.TrimLeft(mod, "."), ".", "/")
			p := path.Join(dir, rest)
			add("/" + p)
			if sub != "" {
				add("/" + path.Join(p, sub))
			}
			continue
		}
		add(mod)
		if sub != "" {
			add(mod + "." + sub)
		}
	}
	return out
}

// pyApart reports whether the Python module at site cannot hold an
// instance of a class of the module at target: the two are in different
// distributions and no workspace module imports both (see above).
func (q *query) pyApart(ctx context.Context, site, target string) (bool, error) {
	if site == target || q.r.Root == "" {
		return false, nil
	}
	siteDist, targetDist := q.pyDistribution(site), q.pyDistribution(target)
	if siteDist == targetDist {
		return false, nil
	}
	importers, err := q.pyImporters(ctx)
	if err != nil {
		return false, err
	}
	a, b := q.pyReachedFrom(site, importers), q.pyReachedFrom(target, importers)
	if len(a) > len(b) {
		a, b = b, a
	}
	for p := range a {
		if b[p] {
			return false, nil
		}
	}
	return true, nil
}

// pyReachedFrom is the set of files that import p, directly or through
// others, and p itself.
func (q *query) pyReachedFrom(p string, importers map[string][]string) map[string]bool {
	if set, ok := q.pyReach[p]; ok {
		return set
	}
	set := map[string]bool{p: true}
	queue := []string{p}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, from := range importers[cur] {
			if !set[from] {
				set[from] = true
				queue = append(queue, from)
			}
		}
	}
	if q.pyReach == nil {
		q.pyReach = map[string]map[string]bool{}
	}
	q.pyReach[p] = set
	return set
}

// pyDistribution is the directory of the distribution that holds the file
// at p: the nearest one above it with a pyproject.toml, setup.py or
// setup.cfg ("" for none, the workspace's root for one there).
func (q *query) pyDistribution(p string) string {
	dir := path.Dir(p)
	var walked []string
	found := ""
	for {
		if d, ok := q.pyDists[dir]; ok {
			found = d
			break
		}
		walked = append(walked, dir)
		// Without a root the workspace's files cannot be looked at, and a
		// relative path would be the process's directory: no distribution.
		if q.r.Root != "" && pyDistributionDir(filepath.Join(q.r.Root, filepath.FromSlash(dir))) {
			found = dir
			break
		}
		if dir == "." || dir == "/" || dir == "" {
			break
		}
		dir = path.Dir(dir)
	}
	if q.pyDists == nil {
		q.pyDists = map[string]string{}
	}
	for _, d := range walked {
		q.pyDists[d] = found
	}
	return found
}

func pyDistributionDir(dir string) bool {
	for _, name := range []string{"pyproject.toml", "setup.py", "setup.cfg"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}
