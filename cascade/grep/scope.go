package grep

import (
	"bytes"
	"io/fs"
	"iter"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/callcascade/callcascade/treesitter"
)

// A bare name (no receiver) reaches a declaration only through its own
// scope: in TypeScript, JavaScript and Python, the file that declares it or
// a file that imports it; in Go, its own package. A bare `onSubmit` in a
// component that neither declares the target's file nor imports the name
// is that component's own onSubmit (a local, a prop), never the target;
// and a method is never reached by a bare name at all. The grep stage
// leaves such sites out (Result.OutOfScope counts them). Java is left
// alone: a bare call there may reach a method inherited from another file.

// importPatterns are the imports that bind name (or bind everything: a
// Python star import, a Go dot import) in lang; nil means every file may
// reach it (a language the rule leaves alone). The first group, where a
// pattern has one, is the module imported from. Compiled once per search.
func importPatterns(lang treesitter.Language, name string) []*regexp.Regexp {
	word := `\b` + regexp.QuoteMeta(name) + `\b`
	var patterns []string
	switch lang {
	case treesitter.TypeScript, treesitter.TSX, treesitter.JavaScript:
		module := `\s*['"]([^'"]+)['"]`
		patterns = []string{
			`(?s)\bimport\s+(?:type\s+)?[^;'"]*?` + word + `[^;'"]*?\bfrom` + module,  // import { a, name } from / import name from
			`(?s)\{[^}]*` + word + `[^}]*\}\s*=\s*(?:await\s+)?require\s*\(` + module, // const { name } = require(
			`\b(?:const|let|var)\s+` + word + `\s*=\s*require\s*\(` + module,
		}
	case treesitter.Python:
		patterns = []string{
			`(?m)^\s*from\s+(\S+)\s+import\s+\*`,
			`(?ms)^\s*from\s+(\S+)\s+import\s+\([^)]*` + word,
			`(?m)^\s*from\s+(\S+)\s+import\s+[^(\n]*` + word,
			`(?m)^\s*import\s+[^\n]*` + word,
		}
	case treesitter.Go:
		patterns = []string{`(?m)^\s*(?:import\s+)?\.\s+"`}
	default:
		return nil
	}
	out := make([]*regexp.Regexp, len(patterns))
	for i, p := range patterns {
		out[i] = regexp.MustCompile(p)
	}
	return out
}

// importsName reports whether content, the file rel, holds an import that
// binds the name from a module that can hold the target's file, given
// importPatterns' answer for the file's language. An import of the same
// name from another module (./components' NavbarItem, rest_framework's
// Response) binds another declaration. A module this cannot place (a path
// alias, a package name) may hold it.
func importsName(patterns []*regexp.Regexp, content []byte, lang treesitter.Language, rel, target string, installed packageCheck, pyPlace pyModuleCheck) bool {
	if patterns == nil {
		return true
	}
	for _, p := range patterns {
		for _, m := range p.FindAllSubmatchIndex(content, -1) {
			if len(m) < 4 || m[2] < 0 || target == "" {
				return true
			}
			if moduleMayHold(lang, rel, string(content[m[2]:m[3]]), target, installed, pyPlace) {
				return true
			}
		}
	}
	return false
}

// mayImportName is a cheap necessary condition for importPatterns to
// match: it is false only where none can, so that the regular expressions
// (slow over a whole file) run only where an import may bind the name. In
// TypeScript and JavaScript an import statement's names come after
// "import" with no semicolon or quote between, and the require forms
// need "require"; in Python every form needs "import". Go's one pattern
// (a dot import) is cheap and always run.
func mayImportName(lang treesitter.Language, content []byte, name string) bool {
	switch lang {
	case treesitter.TypeScript, treesitter.TSX, treesitter.JavaScript:
		if bytes.Contains(content, []byte("require")) {
			return true
		}
		for at := range occurrences(content, []byte(name)) {
			// Back from the occurrence to a semicolon or a quote: "import"
			// must lie in between (a long stretch is left to the patterns).
			start := at - maxImportStretch
			stretch := content[max(start, 0):at]
			if cut := bytes.LastIndexAny(stretch, ";'\""); cut >= 0 {
				stretch = stretch[cut+1:]
			} else if start > 0 {
				return true
			}
			if bytes.Contains(stretch, []byte("import")) {
				return true
			}
		}
		return false
	case treesitter.Python:
		return pyMayImportName(content, []byte(name))
	}
	return true
}

// pyMayImportName is mayImportName for Python, after importPatterns'
// forms: a star import (from x import *) binds every name; otherwise an
// occurrence of the name lies on a line that starts with from or import,
// or inside the parentheses of from x import (...). Every Python file of a
// Django project imports something, so "the file says import" let the
// patterns run over nearly every file holding a common name
// (get_absolute_url in 300 of creme_crm's: 160 ms an ask, past grep's
// budget).
func pyMayImportName(content, word []byte) bool {
	keyword := []byte("import")
	for at := treesitter.IndexWord(content, keyword, 0); at >= 0; at = treesitter.IndexWord(content, keyword, at+len(keyword)) {
		after := bytes.TrimLeft(content[at+len(keyword):], " \t\\\r\n")
		if len(after) == 0 {
			continue
		}
		switch after[0] {
		case '*':
			return true // from x import *
		case '(':
			names := after[1:] // from x import (\n    a,\n    name,\n)
			if end := bytes.IndexByte(names, ')'); end >= 0 {
				names = names[:end]
			}
			if bytes.Contains(names, word) {
				return true
			}
		}
	}
	for at := range occurrences(content, word) {
		lineStart := bytes.LastIndexByte(content[:at], '\n') + 1
		line := bytes.TrimLeft(content[lineStart:at], " \t\r\f\v")
		if bytes.HasPrefix(line, []byte("from")) || bytes.HasPrefix(line, keyword) {
			return true
		}
	}
	return false
}

// occurrences yields the offset of each occurrence of word in content, a
// substring as the import patterns match it, in order.
func occurrences(content, word []byte) iter.Seq[int] {
	return func(yield func(int) bool) {
		for off := 0; len(word) > 0; {
			i := bytes.Index(content[off:], word)
			if i < 0 || !yield(off+i) {
				return
			}
			off += i + len(word)
		}
	}
}

// maxImportStretch bounds how far back mayImportName looks for "import".
const maxImportStretch = 4 << 10

// moduleMayHold reports whether the module spec, imported in file rel, can
// be the target's file, or a package or barrel directory above it.
func moduleMayHold(lang treesitter.Language, rel, spec, target string, installed packageCheck, pyPlace pyModuleCheck) bool {
	var place string
	switch lang {
	case treesitter.Python:
		dots := len(spec) - len(strings.TrimLeft(spec, "."))
		dotted := strings.ReplaceAll(spec[dots:], ".", "/")
		if dots == 0 && dotted != "" && pyPlace != nil {
			// from app.dependencies import get_service, in one of seven
			// services each holding an app/dependencies.py: the importer's
			// own service's, as Python run from there and pyright read it
			if place, ok := pyPlace(rel, dotted); ok {
				noExt := strings.TrimSuffix(target, path.Ext(target))
				return noExt == place || noExt == place+"/__init__" || strings.HasPrefix(target, place+"/")
			}
		}
		if dots == 0 {
			// an absolute module: the target's path ends with it, or is below it
			noExt := strings.TrimSuffix(strings.TrimSuffix(target, ".py"), "/__init__")
			return dotted == "" || noExt == dotted || strings.HasSuffix(noExt, "/"+dotted) ||
				strings.HasPrefix(target, dotted+"/") || strings.Contains(target, "/"+dotted+"/")
		}
		dir := path.Dir(rel)
		for i := 1; i < dots; i++ {
			dir = path.Dir(dir)
		}
		place = path.Join(dir, dotted)
	default: // TypeScript, JavaScript
		if !treesitter.IsRelativeModule(spec) {
			// A package or a path alias: not placed here, unless it is a
			// package installed from the registry (import { Component }
			// from "react"), which holds no workspace file.
			return installed == nil || !installed(rel, spec)
		}
		place = path.Join(path.Dir(rel), spec)
	}
	noExt := strings.TrimSuffix(target, path.Ext(target))
	return place == "." || noExt == place || strings.HasPrefix(target, place+"/")
}

// pyModuleCheck places the absolute Python module dotted (slashed:
// app/dependencies), imported by workspace file rel: the module's path
// without extension, found from rel's directory up; false when no such
// file is there to find.
type pyModuleCheck func(rel, dotted string) (string, bool)

// pyModulePlaces answers pyModuleCheck for one workspace root, as the
// resolver's pyNearestImportRoot does for the files it indexed: the
// deepest directory holding rel that holds the module, one that is no
// package (no __init__.py) before one that is; a package under the name
// (dotted/__init__.py) or a module file (dotted.py), regular files only.
// Nothing outside the root is looked at.
type pyModulePlaces struct {
	root string
	seen sync.Map // dir + "\x00" + dotted -> pyPlace
}

type pyPlace struct {
	place string
	ok    bool
}

func (p *pyModulePlaces) check(rel, dotted string) (string, bool) {
	if strings.Contains(dotted, "..") || path.IsAbs(dotted) {
		return "", false
	}
	dir := path.Dir(rel)
	key := dir + "\x00" + dotted
	if v, ok := p.seen.Load(key); ok {
		r := v.(pyPlace)
		return r.place, r.ok
	}
	var found pyPlace
	foundPkg := false
	for d := dir; ; d = path.Dir(d) {
		if cand := path.Join(d, dotted); p.isFile(cand+".py") || p.isFile(cand+"/__init__.py") {
			pkg := p.isFile(path.Join(d, "__init__.py"))
			if !found.ok || foundPkg && !pkg {
				found, foundPkg = pyPlace{place: cand, ok: true}, pkg
			}
			if !pkg {
				break
			}
		}
		if d == "." || d == "/" || d == "" {
			break
		}
	}
	p.seen.Store(key, found)
	return found.place, found.ok
}

func (p *pyModulePlaces) isFile(rel string) bool {
	st, err := os.Lstat(filepath.Join(p.root, filepath.FromSlash(rel)))
	return err == nil && st.Mode().IsRegular()
}

// packageCheck reports whether the bare module specifier spec, imported
// by workspace file rel, names a package installed from the registry.
type packageCheck func(rel, spec string) bool

// installedPackages answers packageCheck for one workspace root: spec's
// package (its first path segment, two for a @scope) is a directory in a
// node_modules beside rel or above it, up to the root, that lies in a
// node_modules once its links are followed. pnpm links every package into
// its store (node_modules/.pnpm), which is installed; npm, pnpm and yarn
// link a workspace package to its folder, which may hold the target. With
// no node_modules installed nothing is known.
type installedPackages struct {
	root string
	seen sync.Map // dir + "\x00" + package -> packageState
}

type packageState int8

const (
	packageAbsent    packageState = iota // not in this directory's node_modules: look above
	packageInstalled                     // from the registry
	packageLinked                        // a workspace package
)

func (p *installedPackages) check(rel, spec string) bool {
	segs := strings.SplitN(spec, "/", 3)
	pkg := segs[0]
	if strings.HasPrefix(spec, "@") && len(segs) >= 2 {
		pkg = segs[0] + "/" + segs[1]
	}
	if pkg == "" || pkg == "." || pkg == ".." || strings.ContainsAny(pkg, "\\:") {
		return false
	}
	for dir := path.Dir(rel); ; dir = path.Dir(dir) {
		key := dir + "\x00" + pkg
		state, ok := p.seen.Load(key)
		if !ok {
			state = p.lookUp(filepath.Join(p.root, filepath.FromSlash(dir), "node_modules", filepath.FromSlash(pkg)))
			p.seen.Store(key, state)
		}
		if state != packageAbsent {
			return state == packageInstalled
		}
		if dir == "." || dir == "/" {
			return false
		}
	}
}

// lookUp says what the package directory at dir is.
func (p *installedPackages) lookUp(dir string) packageState {
	st, err := os.Lstat(dir)
	switch {
	case err != nil:
		return packageAbsent
	case st.Mode()&fs.ModeSymlink == 0:
		if st.IsDir() {
			return packageInstalled
		}
		return packageAbsent
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return packageAbsent
	}
	if strings.Contains(filepath.ToSlash(real)+"/", "/node_modules/") {
		return packageInstalled // pnpm's store
	}
	return packageLinked
}

// importRules keeps one search's compiled import patterns per language.
type importRules struct {
	mu     sync.Mutex
	byLang map[treesitter.Language][]*regexp.Regexp
}

func (r *importRules) patterns(lang treesitter.Language, name string) []*regexp.Regexp {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p, ok := r.byLang[lang]; ok {
		return p
	}
	if r.byLang == nil {
		r.byLang = map[treesitter.Language][]*regexp.Regexp{}
	}
	p := importPatterns(lang, name)
	r.byLang[lang] = p
	return p
}

// bareOutOfScope reports whether a bare site in file rel cannot reach the
// target: q describes the target; imported says rel imports the name.
func bareOutOfScope(lang treesitter.Language, rel string, imported bool, q *Query) bool {
	switch lang {
	case treesitter.TypeScript, treesitter.TSX, treesitter.JavaScript, treesitter.Python, treesitter.Go:
	default:
		return false
	}
	if q.TargetPath == "" {
		return false // a name the index does not know: nothing to scope by
	}
	if q.Container != "" {
		return true // a method is reached through a receiver, never a bare name
	}
	if rel == q.TargetPath {
		return false
	}
	if lang == treesitter.Go {
		return path.Dir(rel) != path.Dir(q.TargetPath) && !imported
	}
	return !imported
}

// isBare says a site names the identifier alone (no receiver).
func isBare(m Match) bool { return strings.TrimSpace(m.Receiver) == "" }

// A function (no method, no container) is reached through a receiver only
// where that is a module object: ns.error() with ns imported, never
// console.error, this.error or res.error (treesitter.ModuleReceivers
// judges each receiver, generously). The grep stage leaves the other
// receiver sites of a function's name out (Result.OutOfScope). Java is
// left alone (ModuleReceivers keeps every receiver there), and so is a
// TypeScript function declared in a namespace, reached as NS.fn() with no
// import at all.

// tsNamespace matches a TypeScript namespace or module declaration.
var tsNamespace = regexp.MustCompile(`(?m)^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?:namespace|module)[ \t]+[A-Za-z_$"']`)

// reachedOnlyThroughModules reports whether q's target is a function whose
// receiver sites count only on module objects; root is the workspace's
// absolute root.
func reachedOnlyThroughModules(q *Query, root string) bool {
	if !q.SkipLibrary || q.Method || q.Container != "" || q.TargetPath == "" {
		return false
	}
	lang, ok := treesitter.LanguageForPath(q.TargetPath)
	if !ok || lang == treesitter.Java {
		return false
	}
	if lang == treesitter.TypeScript || lang == treesitter.TSX {
		content, ok := q.targetContent(root)
		if !ok {
			return false // cannot tell: keep every site
		}
		if tsNamespace.Match(content) {
			return false
		}
	}
	return true
}

// A Python function declared inside another function (a closure such as
// a validator a factory returns) is a local of that function: a bare name
// reaches it only there, in its body or in functions nested in it. A bare
// `validator` in a sibling factory is that factory's own local, and no
// other file can import it; nor is it an attribute of anything, so
// obj.name (args.update) is never it. The grep stage leaves the other
// sites out (Result.OutOfScope). TypeScript and JavaScript are left alone:
// a nested function returned in an object comes back under its own name
// (const { helper } = useThing(); helper()), and a constructor may store
// one as this.name.

// nestedScope is, for a function target declared inside another function,
// the id of that function with any duplicate suffix ("~2") left off; ""
// for any other target. Ids are qualified by their enclosing symbols
// (fact.QualifiedName), and a function (no container) enclosed by a class
// would be a method, so a function's dotted id names the function it is
// declared in.
func nestedScope(lang treesitter.Language, id, name, container string, method bool) string {
	if lang != treesitter.Python || method || container != "" {
		return ""
	}
	hash := strings.LastIndexByte(id, '#')
	if hash < 0 {
		return ""
	}
	qualified := withoutDuplicateSuffix(id[hash+1:])
	if !strings.HasSuffix(qualified, "."+name) {
		return ""
	}
	return id[:hash+1] + strings.TrimSuffix(qualified, "."+name)
}

// withoutDuplicateSuffix drops the "~N" the fact builder appends to the
// second and later symbols of one qualified name.
func withoutDuplicateSuffix(id string) string {
	if i := strings.LastIndexByte(id, '~'); i >= 0 && i+1 < len(id) && strings.Trim(id[i+1:], "0123456789") == "" {
		return id[:i]
	}
	return id
}

// outsideNestedScope reports whether a bare site, enclosed by caller,
// cannot reach a function declared inside the function scope names
// (nestedScope): it is outside that function's body.
func outsideNestedScope(scope string, caller string) bool {
	if scope == "" {
		return false
	}
	c := withoutDuplicateSuffix(caller)
	return c != scope && !strings.HasPrefix(c, scope+".")
}

// topLevel reports whether a function's id is qualified by its name alone
// (path#name, "~N" aside): declared at its file's top level, in no class,
// namespace or function.
func topLevel(id, name, container string, method bool) bool {
	hash := strings.LastIndexByte(id, '#')
	return !method && container == "" && hash >= 0 && withoutDuplicateSuffix(id[hash+1:]) == name
}

// A top-level function of a JavaScript or TypeScript ES module (a file
// with an import or export statement) is the module's own unless an export
// names it: no other file can import it, and it is no global, so tsserver
// finds it used in its own file only. A site of the name in another file
// is another function's (AlpineClubBookingsNZ's component-local
// formatDateOnly, whose grep answer listed every use of the lib's exported
// formatDateOnly, imported through a path alias the grep stage does not
// place). A file with CommonJS exports, or that sets the name on a global
// object, is left alone.

// esModuleStatement matches a top-level import or export statement.
var esModuleStatement = regexp.MustCompile(`(?m)^[ \t]*(?:import[ \t]+[\w{*'"$]|import[ \t]*[{*'"]|export\b)`)

// exportStatement matches the start of an export statement.
var exportStatement = regexp.MustCompile(`(?m)^[ \t]*export\b`)

// commonJSOrGlobal matches CommonJS exports and assignments to a global
// object, either of which can make a module's function reachable elsewhere.
var commonJSOrGlobal = regexp.MustCompile(`\bmodule\.exports\b|\bexports\s*[.\[]|\b(?:window|globalThis|global|self)\s*[.\[]`)

// moduleOwnFunction reports whether q's target is a top-level function of
// a JavaScript or TypeScript ES module that no export names; root is the
// workspace's absolute root.
func moduleOwnFunction(q *Query, root string) bool {
	if !q.SkipLibrary || !q.TopLevel {
		return false
	}
	content, ok := q.jsTargetContent(root)
	if !ok {
		return false // cannot tell: keep every site
	}
	if !esModuleStatement.Match(content) || commonJSOrGlobal.Match(content) || tsNamespace.Match(content) {
		return false
	}
	for _, loc := range exportStatement.FindAllIndex(content, -1) {
		if exportNames(content[loc[1]:], q.Name) {
			return false
		}
	}
	return true
}

// exportNames reports whether the export statement whose text after the
// keyword is rest may name name: a declaration whose head names it (export
// function name, export const name = ..., export default name), or a
// braced list or object that holds it (export { a, name as b }, export
// default { name }). A declaration's body is not read: a call of name in
// an exported function exports nothing.
func exportNames(rest []byte, name string) bool {
	text := bytes.TrimLeft(rest, " \t")
	if bytes.HasPrefix(text, []byte("default")) {
		text = bytes.TrimLeft(text[len("default"):], " \t")
	}
	if len(text) > 0 && text[0] == '{' {
		depth := 0
		for i, b := range text {
			switch b {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return treesitter.IndexWord(text[:i], []byte(name), 0) >= 0
				}
			}
		}
		return true // unclosed: cannot tell
	}
	head := text
	if i := bytes.IndexAny(head, "({=<:;\n"); i >= 0 {
		head = head[:i]
	}
	return treesitter.IndexWord(head, []byte(name), 0) >= 0
}

// targetContent is the target's file as the editor has it (an unsaved
// buffer) or as it is on disk under root; false if it cannot be read.
func (q *Query) targetContent(root string) ([]byte, bool) {
	if content, ok := q.Buffers[q.TargetPath]; ok {
		return content, true
	}
	content, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(q.TargetPath)))
	return content, err == nil
}

// jsTargetContent is targetContent for a target in a JavaScript or
// TypeScript file; false for any other.
func (q *Query) jsTargetContent(root string) ([]byte, bool) {
	if q.TargetPath == "" {
		return nil, false
	}
	if lang, ok := treesitter.LanguageForPath(q.TargetPath); !ok || treesitter.Family(lang) != "js" {
		return nil, false
	}
	return q.targetContent(root)
}
