package resolve

import (
	"bytes"
	"context"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Build constraints, decided as gopls decides them. gopls type-checks a
// package as one build configuration (GOOS/GOARCH) sees it: a file left out
// by its build constraints (//go:build e2e, //go:build windows on Linux,
// name_darwin.go) is in no package of that build, and its calls are no
// callers of anything in it. A target in a file the default build leaves
// out is answered in the first of gopls's preferred ports that builds it
// (gopls makes a view for it), and only files of that build call it.
// Without this, a package declaring a type twice (icmp_unix.go with
// //go:build !windows, icmp_windows.go) had each method called from both.

// goPort is one build configuration.
type goPort struct{ goos, goarch string }

// goPreferredPorts are the configurations gopls v0.23 tries, in its order
// (gopls/internal/cache/port.go), for a file the default build leaves out.
var goPreferredPorts = []goPort{
	{"darwin", "amd64"}, {"darwin", "arm64"}, {"linux", "amd64"}, {"linux", "arm64"},
	{"windows", "amd64"}, {"linux", "arm"}, {"linux", "386"}, {"windows", "386"},
	{"aix", "ppc64"}, {"dragonfly", "amd64"}, {"freebsd", "386"}, {"freebsd", "amd64"},
	{"freebsd", "arm"}, {"freebsd", "arm64"}, {"illumos", "amd64"}, {"linux", "ppc64"},
	{"linux", "ppc64le"}, {"linux", "mips"}, {"linux", "mipsle"}, {"linux", "mips64"},
	{"linux", "mips64le"}, {"linux", "riscv64"}, {"linux", "s390x"}, {"android", "386"},
	{"android", "amd64"}, {"android", "arm"}, {"android", "arm64"}, {"ios", "arm64"},
	{"ios", "amd64"}, {"js", "wasm"}, {"netbsd", "386"}, {"netbsd", "amd64"},
	{"netbsd", "arm"}, {"netbsd", "arm64"}, {"openbsd", "386"}, {"openbsd", "amd64"},
	{"openbsd", "arm"}, {"openbsd", "arm64"}, {"openbsd", "mips64"}, {"plan9", "386"},
	{"plan9", "amd64"}, {"plan9", "arm"}, {"solaris", "amd64"}, {"windows", "arm"},
	{"windows", "arm64"}, {"wasip1", "wasm"},
}

// goDefaultPort is the configuration gopls starts from: go env's, which
// build.Default reads ($GOOS, $GOARCH, else the host's).
func goDefaultPort() goPort { return goPort{build.Default.GOOS, build.Default.GOARCH} }

// goBuildComments keeps, per Go file, its build constraint lines as the
// file held them at a content hash; read from the workspace on first need.
type goBuildComments struct {
	mu     sync.Mutex
	byPath map[string]goBuildComment
}

type goBuildComment struct{ hash, text string }

// of returns f's build constraint lines ("" for none, or when f cannot be
// read).
func (b *goBuildComments) of(root string, f *fact.File) string {
	b.mu.Lock()
	if c, ok := b.byPath[f.Path]; ok && c.hash == f.Hash {
		b.mu.Unlock()
		return c.text
	}
	b.mu.Unlock()
	text := goReadBuildLines(filepath.Join(root, filepath.FromSlash(f.Path)))
	if goImportsC(f) {
		text = goWithCgo(text)
	}
	b.mu.Lock()
	if b.byPath == nil {
		b.byPath = map[string]goBuildComment{}
	}
	b.byPath[f.Path] = goBuildComment{hash: f.Hash, text: text}
	b.mu.Unlock()
	return text
}

// goImportsC reports whether f imports "C": a cgo file, which go/build
// leaves out of a build with cgo off (IgnoredGoFiles).
func goImportsC(f *fact.File) bool {
	for _, imp := range f.Imports {
		if imp.Module == "C" {
			return true
		}
	}
	return false
}

// goWithCgo is the constraint comment of a cgo file whose own is comment:
// the file builds only where the cgo tag holds, which go/build sets when
// cgo is on (goCgoEnabled).
func goWithCgo(comment string) string {
	switch {
	case comment == "":
		return "//go:build cgo"
	case constraint.IsGoBuild(comment):
		return "//go:build (" + strings.TrimSpace(strings.TrimPrefix(comment, "//go:build")) + ") && cgo"
	default: // // +build lines, each one more condition
		return comment + "\n// +build cgo"
	}
}

// goCgoEnabled reports whether cgo is on in port's build as gopls loads
// it: go env's setting in the default configuration; in another, which
// gopls loads by setting GOOS and GOARCH, off unless CGO_ENABLED=1 is set,
// as for any cross build. A file importing "C" in a darwin package is in
// no package of gopls's darwin view on Linux.
func goCgoEnabled(port goPort) bool {
	if port == goDefaultPort() {
		return build.Default.CgoEnabled
	}
	return os.Getenv("CGO_ENABLED") == "1"
}

// goReadBuildLines reads the build constraint lines of the file at name.
// They come before the package clause: the file's head mostly holds them,
// and a head naming no constraint has none.
func goReadBuildLines(name string) string {
	f, err := os.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 8<<10)
	n, err := io.ReadFull(f, head)
	head = head[:n]
	if !bytes.Contains(head, []byte("//go:build")) && !bytes.Contains(head, []byte("+build")) {
		return ""
	}
	if err == nil { // more than the head: the clause may come after it
		rest, _ := io.ReadAll(f)
		head = append(head, rest...)
	}
	return goBuildLines(head)
}

// goBuildLines is a file's //go:build line, or its // +build lines, as
// gopls reads them (cache.buildComment).
func goBuildLines(src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return ""
	}
	var plus []string
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if constraint.IsGoBuild(c.Text) {
				return c.Text
			}
			if constraint.IsPlusBuild(c.Text) {
				plus = append(plus, c.Text)
			}
		}
	}
	return strings.Join(plus, "\n")
}

// goBuilds reports whether the file at slash path p, whose constraint lines
// are comment, is in port's build: go/build's MatchFile, as gopls asks it
// (the file name's _GOOS/_GOARCH suffixes, the constraint, release tags;
// no custom tag is set).
func goBuilds(p, comment string, port goPort) bool {
	if base := path.Base(p); comment == "" && !strings.Contains(strings.TrimSuffix(base, ".go"), "_") && !strings.HasPrefix(base, ".") {
		return true // no constraint and no _GOOS/_GOARCH suffix: every build has it
	}
	// go/build decides the rest, the same for the same path, comment and
	// port: kept, since a name with thousands of callers asks it for
	// every calling file at every request (a third of the graph stage's
	// time for the aliyun SDK's AddAsyncTask, whose every file name has an
	// underscore).
	key := goBuildKey{p, comment, port, goCgoEnabled(port)}
	if v, ok := goBuildsKept.Load(key); ok {
		return v.(bool)
	}
	ok := goMatches(p, comment, port, key.cgo)
	goBuildsKept.Store(key, ok)
	return ok
}

type goBuildKey struct {
	path, comment string
	port          goPort
	cgo           bool // goCgoEnabled(port), read from the environment
}

// goBuildsKept holds goMatches's answers; one per Go file and port asked.
var goBuildsKept sync.Map

// goMatches is go/build's MatchFile for a file whose build comment is
// comment, with cgo on or off.
func goMatches(p, comment string, port goPort, cgo bool) bool {
	ctxt := build.Default
	ctxt.GOOS, ctxt.GOARCH = port.goos, port.goarch
	ctxt.UseAllFiles = false
	ctxt.CgoEnabled = cgo
	content := []byte(comment + "\n\npackage p")
	ctxt.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(content)), nil }
	ok, err := ctxt.MatchFile(path.Dir(p), path.Base(p))
	return err == nil && ok
}

// goPortFor is the configuration gopls answers a request on a file in: the
// default when it builds the file, else the first preferred port that does.
// ok is false when none does (a custom tag only).
func goPortFor(p, comment string) (goPort, bool) {
	if def := goDefaultPort(); goBuilds(p, comment, def) {
		return def, true
	}
	for _, port := range goPreferredPorts {
		if goBuilds(p, comment, port) {
			return port, true
		}
	}
	return goPort{}, false
}

// goOutsideBuild reports whether the Go file at other is left out of the
// build gopls answers a request on the Go file at at in: a call there is
// no caller of at's symbols. A file that no configuration builds (a custom
// tag only: //go:build e2e) gopls type-checks as a package of that file
// alone, so every other file is left out: a test helper declared under
// the e2e tag has only the callers in its own file. Without a workspace
// root (no file to read) nothing is left out.
func (q *goLang) goOutsideBuild(ctx context.Context, at, other string) bool {
	return q.goLeftOut(ctx, at, other, true)
}

// goLeftOut is goOutsideBuild; alone says what a file no configuration
// builds sees: nothing but itself (true: its symbols' callers), or, not
// alone, also the packages it imports, loaded in the default build (the
// symbols its own calls reach).
func (q *goLang) goLeftOut(ctx context.Context, at, other string, alone bool) bool {
	if at == other {
		return false
	}
	if goIgnoredDir(other) && !goIgnoredDir(at) && strings.HasSuffix(other, ".go") {
		return true // internal/stdlib/testdata/.../context.go: in no package
	}
	if q.r.Root == "" {
		return false
	}
	atFile, err := q.file(ctx, at)
	if err != nil || atFile == nil || atFile.Language != treesitter.Go {
		return false
	}
	otherFile, err := q.file(ctx, other)
	if err != nil || otherFile == nil || otherFile.Language != treesitter.Go {
		return false
	}
	port := q.portOf(at, atFile)
	if port == nil {
		if alone || path.Dir(at) == path.Dir(other) {
			return true // in a package of at alone
		}
		def := goDefaultPort()
		port = &def
	}
	key := other + "\x00" + port.goos + "/" + port.goarch
	built, seen := q.built[key]
	if !seen {
		built = goBuilds(other, q.r.goBuilds.of(q.r.Root, otherFile), *port)
		if q.built == nil {
			q.built = map[string]bool{}
		}
		q.built[key] = built
	}
	return !built
}

// portOf is the configuration gopls answers a request on the Go file f
// (at path at) in; nil when no port builds it.
func (q *goLang) portOf(at string, f *fact.File) *goPort {
	if q.ports == nil {
		q.ports = map[string]*goPort{}
	}
	port, seen := q.ports[at]
	if !seen {
		if p, ok := goPortFor(at, q.r.goBuilds.of(q.r.Root, f)); ok {
			port = &p
		}
		q.ports[at] = port
	}
	return port
}

// goInTargetBuild is what the call c resolves to in the build gopls
// answers a request on target in, where that is another build than the
// one c's own file is resolved in (targets, res): copy.go's
// copyFileClone() is the linux file's in the default build, and the
// darwin file's when the darwin file's function is asked for (gopls makes
// a darwin view for it, in which copy.go calls that one).
func (q *goLang) goInTargetBuild(ctx context.Context, c fact.Call, target fact.Symbol, targets []fact.Symbol, res fact.Resolution) ([]fact.Symbol, fact.Resolution, error) {
	if q.r.Root == "" {
		return targets, res, nil
	}
	targetFile, err := q.file(ctx, target.Path)
	if err != nil || targetFile == nil {
		return targets, res, err
	}
	// A target the default build has: a call in it was resolved in it
	// (a file outside it is no caller, goOutsideBuild).
	tp := q.portOf(target.Path, targetFile)
	if tp == nil || *tp == goDefaultPort() {
		return targets, res, nil
	}
	callFile, err := q.file(ctx, c.Path)
	if err != nil || callFile == nil || callFile.Language != treesitter.Go {
		return targets, res, err
	}
	if cp := q.portOf(c.Path, callFile); cp == nil || *cp == *tp {
		return targets, res, nil
	}
	external := q.external
	all, allRes, err := q.resolveSite(ctx, c)
	q.external = external
	if err != nil {
		return targets, res, err
	}
	if all = q.goInBuild(ctx, target.Path, all); containsID(all, target.ID) {
		return all, allRes, nil
	}
	return targets, res, nil
}

// goInBuild keeps the targets of a call in the Go file at at that are in
// the build gopls resolves that file in: of a type declared once per
// platform, the call in icmp_windows.go is of icmp_windows.go's method.
func (q *goLang) goInBuild(ctx context.Context, at string, targets []fact.Symbol) []fact.Symbol {
	kept := targets[:0:0]
	for _, t := range targets {
		if !q.goLeftOut(ctx, at, t.Path, false) {
			kept = append(kept, t)
		}
	}
	if len(kept) == len(targets) {
		return targets
	}
	return kept
}

// goIgnoredDir reports whether a Go file's path has a directory the go
// command ignores: testdata, or a name starting with "_" or ".". Its files
// are in no package gopls loads.
func goIgnoredDir(p string) bool {
	dirs := strings.Split(path.Dir(filepath.ToSlash(p)), "/")
	for _, d := range dirs {
		if d == "testdata" || strings.HasPrefix(d, "_") || strings.HasPrefix(d, ".") && d != "." && d != ".." {
			return true
		}
	}
	return false
}
