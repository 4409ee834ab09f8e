package treesitter

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// A module-level function (not a method) is reached through a receiver
// only where the receiver is a module object: in TypeScript and JavaScript
// ns.fn() with ns bound by import * as ns, a default import, a require or a
// dynamic import; in Python mod.fn() with mod (or a.mod's a) bound by an
// import; in Go pkg.Fn() with pkg an imported package. console.error,
// res.error, this.error, self.error, logger.error with logger a parameter,
// a field or a local: never the function. ModuleReceivers tells them apart
// by the receiver's root identifier, generously: where it cannot tell (a
// receiver starting with a parenthesis, a module loaded at run time and
// passed on, a Python star import), the site may be the function's. Java
// is left alone: every receiver may be.

// ModuleReceivers judges the receivers of one file. It is safe for
// concurrent use.
type ModuleReceivers struct {
	lang    Language
	imports []Import
	src     []byte

	once    sync.Once
	runtime map[string]bool // names bound to a module loaded at run time (const m = await import('./u'))
	anyRoot bool            // a module is loaded where no name is seen to bind it (import('./u').then(m => ...))
}

// NewModuleReceivers judges receivers in src, a file of lang whose imports
// the extractor found.
func NewModuleReceivers(lang Language, imports []Import, src []byte) *ModuleReceivers {
	return &ModuleReceivers{lang: lang, imports: imports, src: src}
}

// MayBeModule reports whether a site of a name written through receiver
// (as the extractor records it: "ns", "a.mod", "this.logger") may reach a
// module-level function of that name, its receiver's root bound to a
// module. A bare site (receiver "") is not this rule's: true.
func (m *ModuleReceivers) MayBeModule(receiver string) bool {
	receiver = strings.TrimSpace(receiver)
	if receiver == "" {
		return true
	}
	switch m.lang {
	case TypeScript, TSX, JavaScript, Python, Go:
	default:
		return true
	}
	root := leadingIdentifier(receiver)
	if root == "" {
		return true // (await import('./u')).fn, (x as any).fn: cannot tell
	}
	switch m.lang {
	case Python:
		switch root {
		case "self", "cls", "super":
			return false
		case "__import__", "importlib":
			return true
		}
	case TypeScript, TSX, JavaScript:
		switch root {
		case "this", "super":
			return false
		case "require", "import", "module", "exports":
			return true // require('./u').fn(), module.exports.fn(): the module itself
		}
	}
	for _, imp := range m.imports {
		if imp.Reexport || imp.Local == "_" || imp.Local == "." {
			continue
		}
		if imp.Local == "*" && m.lang == Python {
			return true // from x import *: may bind any module name
		}
		if first, _, _ := strings.Cut(imp.Local, "."); first == root {
			return true
		}
	}
	if m.lang == Go {
		return false
	}
	m.once.Do(m.scanRuntime)
	return m.anyRoot || m.runtime[root]
}

// leadingIdentifier is the identifier a receiver starts with, "" if it
// starts with something else.
func leadingIdentifier(s string) string {
	end := 0
	for end < len(s) {
		r, size := utf8.DecodeRuneInString(s[end:])
		if !grepIdentRune(r) || end == 0 && '0' <= r && r <= '9' {
			break
		}
		end += size
	}
	return s[:end]
}

// Modules loaded at run time, bound to a name: const m = await
// import('./u'), u = require('./u').default, const { default: u } = await
// import('./u'), a project's own loader (m = await dynamicImport(path),
// requireModule(path)); in Python m = importlib.import_module('a.m').
var (
	ecmaRuntimeBound       = regexp.MustCompile(`([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?` + ecmaLoader)
	ecmaRuntimeDestructure = regexp.MustCompile(`\{([^{}]*)\}\s*=\s*(?:await\s+)?` + ecmaLoader)
	ecmaRuntimeThen        = regexp.MustCompile(`\b(?:require|import)\s*\([^()]*\)\s*\.then\b`)
	pythonRuntimeBound     = regexp.MustCompile(`([A-Za-z_]\w*)\s*=\s*(?:importlib\s*\.\s*)?(?:import_module|__import__)\s*\(`)
	identifierWord         = regexp.MustCompile(`[A-Za-z_$][\w$]*`)
)

// ecmaLoader is a call that may load a module: import(...), require(...),
// or a function named for it (dynamicImport, requireModule).
const ecmaLoader = `[\w$.]*(?:import|Import|require|Require)[\w$]*\s*\(`

// scanRuntime finds the names bound to modules loaded at run time; only
// files that can load one are searched.
func (m *ModuleReceivers) scanRuntime() {
	m.runtime = map[string]bool{}
	bind := func(re *regexp.Regexp) {
		for _, g := range re.FindAllSubmatch(m.src, -1) {
			m.runtime[string(g[1])] = true
		}
	}
	switch m.lang {
	case Python:
		if bytes.Contains(m.src, []byte("import_module")) || bytes.Contains(m.src, []byte("__import__")) {
			bind(pythonRuntimeBound)
		}
	case TypeScript, TSX, JavaScript:
		if !bytes.Contains(m.src, []byte("equire")) && !bytes.Contains(m.src, []byte("mport")) {
			return
		}
		bind(ecmaRuntimeBound)
		for _, g := range ecmaRuntimeDestructure.FindAllSubmatch(m.src, -1) {
			for _, w := range identifierWord.FindAll(g[1], -1) {
				m.runtime[string(w)] = true
			}
		}
		m.anyRoot = ecmaRuntimeThen.Match(m.src)
	}
}
