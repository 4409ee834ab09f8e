package resolve

import (
	"context"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// jsModules answers "which workspace files does this JavaScript/TypeScript
// module specifier name?" without scanning every file: moduleInWorkspace
// asks it for every imported receiver of every call site, and the event
// links for every imported constant, and a scan with jsModuleMatches costs
// about 2 ms on 7,000 files, so a request over a common method name (run:
// 486 call sites) spent over a second in it.
//
// The answers are exactly jsModuleMatches's over the same file list: a
// candidate matches a tail t when it is t or ends in "/"+t, which is when t
// is one of its suffixes that start after a slash (see suffixes).
type jsModules struct {
	files []fact.File
	// whole: the files by stripped path, and by that path with "/index"
	// trimmed. tails: by every suffix of the stripped path; tailsOfIndex:
	// by every suffix of the path with "/index" trimmed. Indexes into
	// files, ascending.
	whole, tails, tailsOfIndex map[string][]int32
	// aliases maps specifiers through the project's tsconfig "paths" and
	// "baseUrl" (tsconfig.go); nil without a workspace root.
	aliases *tsAliases
}

// moduleIndex is the jsModules of one file list, built on first use.
type moduleIndex struct {
	mu      sync.Mutex
	js      *jsModules
	aliases *tsAliases
}

// get returns the index of files. The resolver loads a new list after
// every write, but an edit rarely adds, removes or renames a file: when
// the paths are those indexed, in the same order, the index is kept and
// only points at the new list (rebuilding it took 20-60 ms on 7,000 files,
// paid by the first request after every edit).
func (m *moduleIndex) get(files []fact.File) *jsModules {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.js != nil && sameFileList(files, m.js.files):
	case m.js != nil && samePaths(files, m.js.files):
		m.js = &jsModules{files: files, whole: m.js.whole, tails: m.js.tails, tailsOfIndex: m.js.tailsOfIndex, aliases: m.aliases}
	default:
		m.js = newJSModules(files)
		m.js.aliases = m.aliases // set before any reader sees it: requests share the index
	}
	return m.js
}

// jsModules is the module index over files, with the workspace's tsconfig
// aliases when the resolver knows its root.
func (r *Resolver) jsModules(files []fact.File) *jsModules {
	r.tsAliases()
	return r.modules.get(files)
}

// tsAliases is the workspace's tsconfig alias reader; nil without a root.
func (r *Resolver) tsAliases() *tsAliases {
	r.modules.mu.Lock()
	defer r.modules.mu.Unlock()
	if r.modules.aliases == nil && r.Root != "" {
		r.modules.aliases = &tsAliases{root: r.Root}
	}
	return r.modules.aliases
}

// sameFileList reports whether a and b are the very same list (one backing
// array, one length): an index built over one serves the other as it is.
func sameFileList(a, b []fact.File) bool {
	return len(a) > 0 && len(a) == len(b) && &a[0] == &b[0]
}

// samePaths reports whether two file lists hold the same paths in order.
func samePaths(a, b []fact.File) bool {
	return slices.EqualFunc(a, b, func(x, y fact.File) bool { return x.Path == y.Path && x.Language == y.Language })
}

func newJSModules(files []fact.File) *jsModules {
	j := &jsModules{files: files, whole: map[string][]int32{}, tails: map[string][]int32{}, tailsOfIndex: map[string][]int32{}}
	for i, f := range files {
		if family(f.Language) != "js" {
			continue
		}
		cand := stripExt(f.Path)
		candIndex := strings.TrimSuffix(cand, "/index")
		add(j.whole, cand, int32(i))
		if candIndex != cand {
			add(j.whole, candIndex, int32(i))
		}
		suffixes(cand, func(s string) { add(j.tails, s, int32(i)) })
		suffixes(candIndex, func(s string) { add(j.tailsOfIndex, s, int32(i)) })
	}
	return j
}

// add appends i to m[key] unless it is there already (files come in order,
// so only the last can be i).
func add(m map[string][]int32, key string, i int32) {
	if l := m[key]; len(l) == 0 || l[len(l)-1] != i {
		m[key] = append(l, i)
	}
}

// suffixes calls fn with p and every part of p after one of its slashes.
func suffixes(p string, fn func(string)) {
	fn(p)
	for i := range len(p) {
		if p[i] == '/' {
			fn(p[i+1:])
		}
	}
}

// has reports whether some file matches the specifier module written in
// the file from, as jsModuleMatches decides.
func (j *jsModules) has(from, module string) bool {
	found := false
	j.match(from, module, func([]int32) bool { found = true; return false })
	return found
}

// namesFile reports whether one of the paths (without extension, as
// tsAliases.candidates gives them) is a workspace file or a directory's
// index.
func (j *jsModules) namesFile(paths []string) bool {
	for _, p := range paths {
		if len(j.whole[p]) > 0 {
			return true
		}
	}
	return false
}

// matching returns the files that module, written in from, matches, in the
// order of the file list.
func (j *jsModules) matching(from, module string) []fact.File {
	var idx []int32
	j.match(from, module, func(l []int32) bool { idx = append(idx, l...); return true })
	slices.Sort(idx)
	idx = slices.Compact(idx)
	out := make([]fact.File, len(idx))
	for k, i := range idx {
		out[k] = j.files[i]
	}
	return out
}

// match calls yield with lists of the files that module, written in from,
// matches (a file may come in more than one list) until yield returns
// false.
//
// jsModuleMatches returns at a file's first matching tail: true for every
// tail but a lone last segment, whose answer depends only on the first
// segment; and for a one-segment specifier, true only when it has a dot.
// So a file matches when it matches a tail before the last, or the last
// with a true answer.
func (j *jsModules) match(from, module string, yield func([]int32) bool) {
	if treesitter.IsRelativeModule(module) {
		if l := j.whole[stripExt(path.Join(path.Dir(from), module))]; len(l) > 0 {
			yield(l)
		}
		return
	}
	if cands := j.aliases.candidates(from, module); len(cands) > 0 {
		found := false
		for _, c := range cands {
			if l := j.whole[c]; len(l) > 0 {
				found = true
				if !yield(l) {
					return
				}
			}
		}
		if found {
			return // the project's own mapping named the file
		}
	}
	if strings.HasPrefix(module, "@") || !strings.Contains(module, "/") {
		// A monorepo's package by its name (@acme/core), which the root
		// config maps where the nearest one does not.
		found := false
		for _, c := range j.aliases.atRoot(module) {
			if l := j.whole[c]; len(l) > 0 {
				found = true
				if !yield(l) {
					return
				}
			}
		}
		if found {
			return
		}
	}
	spec := stripExt(strings.TrimPrefix(module, "~/"))
	if spec == "" {
		return
	}
	parts := strings.Split(spec, "/")
	for i := range parts {
		tail := strings.Join(parts[i:], "/")
		if i == len(parts)-1 && !strings.Contains(tail, ".") && len(parts) > 1 {
			if strings.HasPrefix(parts[0], "@") || parts[0] == "src" || parts[0] == "app" {
				// @app/shared: shared.ts, or shared/index.ts (a barrel)
				for _, l := range [][]int32{j.tails[tail], j.tailsOfIndex[tail]} {
					if len(parts) > 2 && strings.HasPrefix(parts[0], "@") {
						l = j.underPackage(l, parts[1])
					}
					if len(l) > 0 && !yield(l) {
						return
					}
				}
			}
			return
		}
		if !(i > 0 || len(parts) > 1 || strings.Contains(spec, ".")) {
			return // the one segment, without a dot: no file
		}
		for _, l := range [][]int32{j.tails[tail], j.tailsOfIndex[tail]} {
			if len(l) > 0 && !yield(l) {
				return
			}
		}
	}
}

// scopedByName reports whether module, written in from, is a scoped
// package's name (@scope/name) that matches workspace files only by its
// last segment: no tsconfig mapping (the nearest config's, or the root's)
// names a workspace file for it. Such a match is a guess: @acme/shared is
// the monorepo's packages/shared, but @nestjs/config is a library that a
// workspace folder libs/config/ merely shares a name with
// (retail-inventory-system's ConfigModule.forRoot).
func (j *jsModules) scopedByName(from, module string) bool {
	if !strings.HasPrefix(module, "@") || strings.Count(module, "/") != 1 {
		return false
	}
	if j.namesFile(j.aliases.candidates(from, module)) || j.namesFile(j.aliases.atRoot(module)) {
		return false
	}
	return j.has(from, module)
}

// underPackage keeps the files of l under a directory named pkg: for
// @scope/pkg/Name, a file named Name alone is too weak a match, since
// @mui/material/Paper is a package's module and src/components/Paper.tsx
// none of it (HDRUK/gateway-web's Paper).
func (j *jsModules) underPackage(l []int32, pkg string) []int32 {
	var out []int32
	for _, i := range l {
		if jsUnderPackage(j.files[i].Path, pkg) {
			out = append(out, i)
		}
	}
	return out
}

// jsUnderPackage reports whether candidate lies under a directory named pkg.
func jsUnderPackage(candidate, pkg string) bool {
	return strings.HasPrefix(candidate, pkg+"/") || strings.Contains(candidate, "/"+pkg+"/")
}

// jsReexportedType finds, among types (the workspace classes of the name
// imported), the one that module, written in f, passes on under exported
// from another module: a barrel's `export { default as T, default } from
// './core'` or `export * from './core'`, followed through barrels in
// turn, as tsserver does. nil when no workspace file passes it on (a
// package's type).
func (q *query) jsReexportedType(ctx context.Context, f *fact.File, module, exported string, types []fact.Symbol, depth int) (*fact.Symbol, error) {
	files, err := q.jsFilesAtDepth(ctx, f, module, depth)
	if err != nil {
		return nil, err
	}
	for _, mf := range files {
		for _, inner := range mf.Imports {
			next := inner.Imported
			switch {
			case !inner.Reexport:
				continue
			case inner.Local == exported && inner.Imported != "*":
			case inner.Local == "*" && exported != "default": // export * passes no default on
				next = exported
			default:
				continue
			}
			for _, s := range types {
				if q.moduleHasFile(ctx, mf, inner.Module, s.Path) {
					s := s // a copy: types is the query's (typesNamedIn)
					return &s, nil
				}
			}
			found, err := q.jsReexportedType(ctx, mf, inner.Module, next, types, depth+1)
			if err != nil || found != nil {
				return found, err
			}
		}
	}
	return nil, nil
}
