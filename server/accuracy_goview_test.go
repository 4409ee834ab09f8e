package server_test

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The Go reference's open files. gopls counts a package with a file the
// client has open as a workspace package (gopls/internal/cache/load.go,
// isWorkspacePackageLocked), and the harness keeps every file it asked
// about open. So once an earlier target opened a file in a module that a
// later target's view loads only as a dependency (a module its go.mod
// replaces with a workspace directory: opentelemetry-go's
// otlploghttp/go.mod and `replace go.opentelemetry.io/otel/sdk/log =>
// ../../../../sdk/log`), gopls lists calls there among that target's
// callers; asked from a fresh session with the target's file alone open
// (`gopls call_hierarchy`), it lists none (checked on that exporter's
// ForceFlush, session 42). Such sites depend on the order of the questions,
// not on the code: they are set apart (openFileOnly) and are not the
// reference's callers; an item of callcascade's there counts as wrong.

// goViewModules is the module directories (absolute) of the view gopls
// answers a request on the Go file at target (workspace-relative) in: the
// nearest go.work's uses when they include the file's module, else the
// file's module alone; nil when the file is in no module (GOPATH, ad hoc).
// Read here rather than through the resolver's goViewDirs, so that the
// measure does not inherit the resolver's reading of views (only go.work's
// syntax, resolve.GoWorkUsePaths, is shared).
func goViewModules(root, target string) map[string]bool {
	dir := filepath.Dir(filepath.Join(root, filepath.FromSlash(target)))
	mod := nearestFileDir(root, dir, "go.mod")
	if work := nearestFileDir(root, dir, "go.work"); work != "" {
		if used := goWorkUseDirs(work); used != nil && (mod == "" || used[mod]) {
			return used
		}
	}
	if mod == "" {
		return nil
	}
	return map[string]bool{mod: true}
}

// goOutsideFreshView reports whether the Go site at (workspace-relative) is
// in a module outside the view of target: gopls lists it only while a file
// of its package is open.
func goOutsideFreshView(root string, view map[string]bool, at string) bool {
	if view == nil {
		return false
	}
	if filepath.IsAbs(at) {
		return true // outside the workspace: the module cache, the standard library
	}
	mod := nearestFileDir(root, filepath.Dir(filepath.Join(root, filepath.FromSlash(at))), "go.mod")
	return mod == "" || !view[mod]
}

// setApartOpenFileOnly drops from a Go target's reference sites those
// outside its fresh view, and says how many.
func setApartOpenFileOnly(root string, target accuracyTarget, sites []accuracySite) ([]accuracySite, int) {
	if !strings.HasSuffix(target.Path, ".go") {
		return sites, 0
	}
	view := goViewModules(root, target.Path)
	kept := sites[:0:0]
	apart := 0
	for _, s := range sites {
		if goOutsideFreshView(root, view, s.Path) {
			apart++
			continue
		}
		kept = append(kept, s)
	}
	return kept, apart
}

// nearestFileDir is the directory of the nearest file named base in dir or
// above it, up to root; "" for none.
func nearestFileDir(root, dir, base string) string {
	root = filepath.Clean(root)
	for {
		if st, err := os.Stat(filepath.Join(dir, base)); err == nil && !st.IsDir() {
			return dir
		}
		if dir == root {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir || !strings.HasPrefix(parent, root) {
			return ""
		}
		dir = parent
	}
}

// goWorkUseDirs reads the use directives of dir/go.work, as absolute
// directories; nil when it cannot be read.
func goWorkUseDirs(dir string) map[string]bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.work"))
	if err != nil {
		return nil
	}
	used := map[string]bool{}
	for _, p := range resolve.GoWorkUsePaths(string(data)) {
		p = filepath.FromSlash(p)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		used[filepath.Clean(p)] = true
	}
	return used
}

// setApartThroughOutsideInterfaces sets apart, once the reference's
// definitions are known (askDefinitions), the Go reference sites in
// another package than the target's whose call names only declarations
// outside the target's view: a call through an interface a replaced module
// declares (span.IsRecording() with span the replaced trace module's Span,
// in sdk/trace/internal/observ). gopls relates such an interface to the
// target only in the target's own package, unless a file of the
// interface's package is open (then its method-set index is searched too).
// A site of callcascade's there moves to the wrong items.
func setApartThroughOutsideInterfaces(root string, res *accuracyResult) {
	if !strings.HasSuffix(res.Target.Path, ".go") {
		return
	}
	view := goViewModules(root, res.Target.Path)
	if view == nil {
		return
	}
	targetDir := filepath.Dir(filepath.FromSlash(res.Target.Path))
	apart := map[string]bool{}
	kept := res.RefSites[:0:0]
	for _, s := range res.RefSites {
		if filepath.Dir(filepath.FromSlash(s.Path)) != targetDir && definedOnlyOutside(root, view, s.RefDefinition) {
			apart[s.key()] = true
			continue
		}
		kept = append(kept, s)
	}
	if len(apart) == 0 {
		return
	}
	res.RefSites = kept
	res.OpenFileOnly += len(apart)
	res.apartKeys = apart
	missed := res.Missed[:0:0]
	for _, s := range res.Missed {
		if !apart[s.key()] {
			missed = append(missed, s)
		}
	}
	res.Missed = missed
	for _, s := range res.OurSites {
		if apart[s.key()] {
			res.addWrong(s)
		}
	}
}

// definedOnlyOutside reports whether every location of a reference
// definition ("path:line, path:line") is outside the view; false for
// "none", an error, or no location.
func definedOnlyOutside(root string, view map[string]bool, def string) bool {
	if def == "" || def == "none" || strings.HasPrefix(def, "error") {
		return false
	}
	for _, loc := range strings.Split(def, ", ") {
		p := loc
		if i := strings.LastIndexByte(loc, ':'); i > 0 {
			p = loc[:i]
		}
		if !goOutsideFreshView(root, view, p) {
			return false
		}
	}
	return true
}
