package resolve

import (
	"strings"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// pyModules answers "which workspace Python files can this module name?"
// without scanning every file, as jsModules does for JavaScript: the scan
// (pyModuleMatches over every file, a few string allocations each) ran for
// every importing directory and module a query met, and the resolver's
// per-query memo starts again with each query; on creme_crm (1,727 Python
// files) it was 10 of the warm-up's 18 CPU-seconds.
//
// Its candidates are exactly the files pyModuleMatches accepts over the same
// list; callers still ask moduleHasFile of each, for its other checks.
type pyModules struct {
	files []fact.File
	// whole: the Python files by path without extension, and packages by
	// their directory (an __init__.py's path with "/__init__" trimmed);
	// tails: by every suffix of those that starts after a slash. Indexes
	// into files, ascending.
	whole, tails map[string][]int32
}

func newPyModules(files []fact.File) *pyModules {
	p := &pyModules{files: files, whole: map[string][]int32{}, tails: map[string][]int32{}}
	for i, f := range files {
		if family(f.Language) != family(treesitter.Python) {
			continue
		}
		cand := stripExt(f.Path)
		candPkg := strings.TrimSuffix(cand, "/__init__")
		for _, c := range []string{cand, candPkg} {
			add(p.whole, c, int32(i))
			suffixes(c, func(s string) { add(p.tails, s, int32(i)) })
		}
	}
	return p
}

// matching returns the indexes, ascending, of the files pyModuleMatches
// accepts for module written in from.
func (p *pyModules) matching(from, module string) []int32 {
	want, relative := pyModulePath(from, module)
	if relative {
		return p.whole[want]
	}
	return p.tails[want]
}

// pyModuleIndex is the pyModules of one file list, built on first use and
// kept while the list's paths stay the same (see moduleIndex.get).
type pyModuleIndex struct {
	mu sync.Mutex
	py *pyModules
}

func (m *pyModuleIndex) get(files []fact.File) *pyModules {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.py != nil && sameFileList(files, m.py.files):
	case m.py != nil && samePaths(files, m.py.files):
		m.py = &pyModules{files: files, whole: m.py.whole, tails: m.py.tails}
	default:
		m.py = newPyModules(files)
	}
	return m.py
}

// pyModuleCandidates are the files of the list that module, written in
// from, can name: a superset of those moduleHasFile accepts, in list order.
func (r *Resolver) pyModuleCandidates(files []fact.File, from, module string) []fact.File {
	idx := r.pyModuleIndex.get(files).matching(from, module)
	out := make([]fact.File, 0, len(idx))
	for _, i := range idx {
		out = append(out, files[i])
	}
	return out
}
