package graph

import (
	"path"
	"strings"
	"sync"
)

// jsModules answers "does this JavaScript/TypeScript module specifier name
// a workspace file?" without scanning every file: moduleInWorkspace asks it
// for every imported receiver of every call site, and a scan with
// jsModuleMatches costs about 2 ms on 7,000 files, so a request over a
// common method name (run: 486 call sites) spent over a second in it.
//
// The answers are exactly jsModuleMatches's over the same file list: a
// candidate matches a tail t when it is t or ends in "/"+t, which is when t
// is one of its suffixes that start after a slash (see suffixes).
type jsModules struct {
	whole map[string]bool // stripped paths, and with "/index" trimmed
	// tails: every suffix of a stripped path; tailsOfIndex: the same of
	// the paths with "/index" trimmed.
	tails, tailsOfIndex map[string]bool
}

// moduleIndex is the jsModules of one file list, built on first use.
type moduleIndex struct {
	mu    sync.Mutex
	files []File // the list it was built from
	js    *jsModules
}

// get returns the index of files, rebuilding it when the list changed (the
// resolver loads a new list after every write).
func (m *moduleIndex) get(files []File) *jsModules {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.js == nil || len(files) != len(m.files) || (len(files) > 0 && &files[0] != &m.files[0]) {
		m.files, m.js = files, newJSModules(files)
	}
	return m.js
}

func newJSModules(files []File) *jsModules {
	j := &jsModules{whole: map[string]bool{}, tails: map[string]bool{}, tailsOfIndex: map[string]bool{}}
	for _, f := range files {
		if family(f.Language) != "js" {
			continue
		}
		cand := stripExt(f.Path)
		candIndex := strings.TrimSuffix(cand, "/index")
		j.whole[cand], j.whole[candIndex] = true, true
		suffixes(cand, j.tails)
		suffixes(candIndex, j.tailsOfIndex)
	}
	return j
}

// suffixes adds p and every part of p after one of its slashes to set.
func suffixes(p string, set map[string]bool) {
	set[p] = true
	for i := range len(p) {
		if p[i] == '/' {
			set[p[i+1:]] = true
		}
	}
}

// has reports whether some file matches the specifier module written in
// the file from, as jsModuleMatches decides.
func (j *jsModules) has(from, module string) bool {
	if strings.HasPrefix(module, ".") {
		return j.whole[stripExt(path.Join(path.Dir(from), module))]
	}
	spec := stripExt(strings.TrimPrefix(module, "~/"))
	if spec == "" {
		return false
	}
	parts := strings.Split(spec, "/")
	// jsModuleMatches returns at a file's first matching tail: true for
	// every tail but a lone last segment, whose answer depends only on the
	// first segment. So some file matches when one matches an earlier tail
	// with a true answer, or the last segment when that answer is true.
	for i := range parts {
		tail := strings.Join(parts[i:], "/")
		if i == len(parts)-1 && !strings.Contains(tail, ".") && len(parts) > 1 {
			if j.tails[tail] && (strings.HasPrefix(parts[0], "@") || parts[0] == "src" || parts[0] == "app") {
				return true
			}
			continue
		}
		if j.tails[tail] || j.tailsOfIndex[tail] {
			return i > 0 || len(parts) > 1 || strings.Contains(spec, ".")
		}
	}
	return false
}
