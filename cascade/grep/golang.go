package grep

import (
	"bufio"
	"bytes"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/callcascade/callcascade/treesitter"
)

// What a Go selector that names a method's name can be besides the method
// (issue 14): a read of a struct field of that name (event.Check.IsSilenced,
// &e.VMRole, p.Args.Input.ID) when the workspace declares one, or a
// package-level name (graphql1.String; definition.String.ParseLiteral with
// definition a package outside the workspace). Neither is a call or a
// method value of a project type: the grep stage leaves them out of a
// method's callers. A method value passed on (register(s.Handle)) names
// no field and no package, and stays.

// goReceiverImport is the import path of the package a Go receiver starts
// with ("graphql1.X" with graphql1 imported), or "".
func goReceiverImport(imports []treesitter.Import, recv string) string {
	first, _, _ := strings.Cut(recv, ".")
	if first == "" {
		return ""
	}
	for _, imp := range imports {
		if imp.Local == first && imp.Local != "_" && imp.Local != "." {
			return imp.Module
		}
	}
	return ""
}

// goPackageLevel reports whether a Go site of a method's name names a
// package-level thing: its receiver is a package (pkg.Name), or a path
// from a package outside the workspace (pkg.Var.Name), whose values are
// never the project's types.
func goPackageLevel(m Match, modules *goModules) bool {
	if m.ReceiverImport == "" {
		return false
	}
	if !strings.Contains(m.Receiver, ".") {
		return true
	}
	return !modules.holds(m.ReceiverImport)
}

// goFieldRead reports whether a Go site of a method's name, in a
// workspace that declares a struct field of that name, is a field read:
// not called, on a receiver that is not plainly of the method's type
// (container): a method's own receiver, a parameter declared with that
// type, a receiver spelled as it (ranker.receiverMatches) make it the
// method's value (func (s *Server) routes() { r.Get("/", s.Handle) }).
//
// pkgDir is the target's package directory ("" if unknown): a receiver
// declared with an unqualified type of that name outside it is another
// package's type (claude.Client's c.BaseURL is no gcp Client's method).
func goFieldRead(m Match, container, pkgDir string) bool {
	if m.Kind != KindReference || m.Receiver == "" || m.ReceiverMatches {
		return false
	}
	for _, p := range m.Caller.Params {
		if p.Name != m.Receiver || lastSegment(p.Type) != container {
			continue
		}
		if pkgDir == "" || strings.Contains(p.Type, ".") || path.Dir(m.Path) == pkgDir {
			return false
		}
	}
	return true
}

// lastSegment is a qualified name's last element: Silencer for store.Silencer.
func lastSegment(name string) string {
	return name[strings.LastIndexByte(name, '.')+1:]
}

// goFieldLine matches a line that may declare a struct field name (with
// others: "ID, Name string"), its type after it: ID string `json:"id"`,
// Metadata *ObjectMeta. A parameter line ends with a comma, and
// goDeclaresField leaves it out; a keyed element (ID: x), an assignment
// (ID = x) and a method of an interface (ID() string) do not match.
func goFieldLine(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^[ \t]+(?:[A-Za-z_]\w*[ \t]*,[ \t]*)*` + regexp.QuoteMeta(name) +
		`(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*[ \t]+[*\[\]A-Za-z_][^\n]*$`)
}

// goDeclaresField reports whether a line of content that holds name as a
// whole word is one fieldLine matches and does not end a parameter (a
// comma). Only those lines are matched: a whole file would cost more.
func goDeclaresField(fieldLine *regexp.Regexp, content, name []byte) bool {
	for at := treesitter.IndexWord(content, name, 0); at >= 0; at = treesitter.IndexWord(content, name, at+len(name)) {
		start := bytes.LastIndexByte(content[:at], '\n') + 1
		end := bytes.IndexByte(content[at:], '\n')
		if end < 0 {
			end = len(content)
		} else {
			end += at
		}
		line := content[start:end]
		if !fieldLine.Match(line) {
			continue
		}
		if i := bytes.Index(line, []byte("//")); i >= 0 {
			line = line[:i]
		}
		if line = bytes.TrimRight(line, " \t\r"); len(line) > 0 && line[len(line)-1] != ',' {
			return true
		}
	}
	return false
}

// goModules are the module paths of the workspace's go.mod files: an
// import under one of them is the workspace's code.
type goModules struct {
	mu    sync.Mutex
	paths []string
}

// add reads the module path of a go.mod file.
func (g *goModules) add(file string) {
	f, err := os.Open(file)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if rest, ok := bytes.CutPrefix(line, []byte("module")); ok && len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
			mod := strings.Trim(string(bytes.TrimSpace(rest)), `"`)
			if mod != "" {
				g.mu.Lock()
				g.paths = append(g.paths, mod)
				g.mu.Unlock()
			}
			return
		}
	}
}

// holds reports whether importPath is in one of the workspace's modules.
// With no go.mod seen, only the standard library (no dot in a path's first
// element) is known to be outside.
func (g *goModules) holds(importPath string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.paths) == 0 {
		first, _, _ := strings.Cut(importPath, "/")
		return strings.Contains(first, ".")
	}
	for _, mod := range g.paths {
		if importPath == mod || strings.HasPrefix(importPath, mod+"/") {
			return true
		}
	}
	return false
}

// isGoMod reports whether a walked file is a go.mod.
func isGoMod(rel string) bool { return filepath.Base(rel) == "go.mod" }
