package treesitter

import (
	"bytes"
	"slices"
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
	// importRoots are the first segments of the names the imports bind,
	// and starImport says a Python star import may bind any name: what
	// MayBeModule compares a receiver's root with, worked out on its first
	// call rather than for every receiver (extraction asks for each
	// unrecorded member site of a file; most files ask for none).
	rootsOnce   sync.Once
	importRoots []string
	starImport  bool

	loadersOnce sync.Once
	loaderBound map[string]bool // the names a module loaded at run time is bound to
	anyRoot     bool            // a module is loaded where no name is seen to bind it (import('./u').then(m => ...))
}

// NewModuleReceivers judges receivers in src, a file of lang whose imports
// the extractor found.
func NewModuleReceivers(lang Language, imports []Import, src []byte) *ModuleReceivers {
	return &ModuleReceivers{lang: lang, imports: imports, src: src}
}

// findImportRoots fills importRoots and starImport.
func (m *ModuleReceivers) findImportRoots() {
	m.importRoots = make([]string, 0, len(m.imports))
	for _, imp := range m.imports {
		if imp.Reexport || imp.Local == "_" || imp.Local == "." {
			continue
		}
		if imp.Local == "*" && m.lang == Python {
			m.starImport = true // from x import *: may bind any module name
			continue
		}
		root, _, _ := strings.Cut(imp.Local, ".")
		m.importRoots = append(m.importRoots, root)
	}
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
	m.rootsOnce.Do(m.findImportRoots)
	if m.starImport || slices.Contains(m.importRoots, root) {
		return true
	}
	if m.lang == Go {
		return false
	}
	return m.runtimeBound(root)
}

// IsModule reports whether receiver is a Python module itself: exactly a
// name an import binds to a whole module (import subprocess, import
// a.b, import numpy as np), not an attribute of it. An attribute read
// through it (subprocess.run) is then the module's, never a method of a
// class.
func (m *ModuleReceivers) IsModule(receiver string) bool {
	if m.lang != Python || receiver == "" {
		return false
	}
	for _, imp := range m.imports {
		if !imp.Reexport && imp.Imported == "*" && imp.Local == receiver {
			return true
		}
	}
	return false
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

// A module loaded at run time and bound to a name: const m = await
// import('./u'), u = require('./u').default, const { default: u } = await
// import('./u'), a project's own loader (m = await dynamicImport(path),
// requireModule(p)); in Python m = importlib.import_module('a.m'). The
// names so bound are found once per file, from its assignments of a
// loader's call, not by a search of the file for each root asked about:
// extraction asks about every unrecorded member site's root, and a large
// file with one loader call holds hundreds of them (12 % of creme_crm's
// extraction time, session 30).

// runtimeBound reports whether root is bound to a module loaded at run
// time somewhere in the file.
func (m *ModuleReceivers) runtimeBound(root string) bool {
	m.loadersOnce.Do(func() {
		if !mayCallLoader(m.src) {
			return // no call in the file may be a loader's: no root is bound to one
		}
		m.anyRoot = m.lang != Python && loadedThen(m.src)
		if !m.anyRoot {
			m.loaderBound = loaderBoundNames(m.lang, m.src)
		}
	})
	return m.anyRoot || m.loaderBound[root]
}

// loaderBoundNames are the identifiers of src assigned a loader's result:
// the name before "= [await] loader(" (blanks, newlines included, around
// the "="), and in TypeScript and JavaScript every name of a pattern
// closed right before it ({ default: u, a } = ...: the names after the
// last of ";{}()" before the closing brace, each ending within 200 bytes
// of it).
func loaderBoundNames(lang Language, src []byte) map[string]bool {
	bound := map[string]bool{}
	for at := bytes.IndexByte(src, '='); at >= 0; {
		eq := at
		if next := bytes.IndexByte(src[eq+1:], '='); next >= 0 {
			at = eq + 1 + next
		} else {
			at = -1
		}
		if eq+1 >= len(src) || src[eq+1] == '=' || src[eq+1] == '>' ||
			!isLoaderCall(lang, bytes.TrimLeft(src[eq+1:], " \t\r\n")) {
			continue
		}
		end := len(bytes.TrimRight(src[:eq], " \t\r\n")) // just after the name or the pattern
		if end == 0 {
			continue
		}
		if src[end-1] == '}' && lang != Python {
			closing := end - 1
			open := bytes.LastIndexAny(src[:closing], ";{}()")
			for word, wordEnd := range identifiersIn(src, open+1, closing) {
				if closing-wordEnd < 200 {
					bound[word] = true
				}
			}
			continue
		}
		start := end
		for start > 0 {
			r, size := utf8.DecodeLastRune(src[:start])
			if !grepIdentRune(r) {
				break
			}
			start -= size
		}
		if start < end {
			bound[string(src[start:end])] = true
		}
	}
	return bound
}

// identifiersIn yields each whole identifier of src[from:to] (a run of
// identifier characters, as IndexWord bounds a word) and where it ends.
func identifiersIn(src []byte, from, to int) func(yield func(string, int) bool) {
	return func(yield func(string, int) bool) {
		start := -1
		for i := from; i <= to; {
			r, size := rune(0), 1
			if i < to {
				r, size = utf8.DecodeRune(src[i:])
			}
			if i < to && grepIdentRune(r) {
				if start < 0 {
					start = i
				}
			} else if start >= 0 {
				if !yield(string(src[start:i]), i) {
					return
				}
				start = -1
			}
			i += size
		}
	}
}

// mayCallLoader reports whether src holds a call that isLoaderCall may
// take for a loader's: a run of identifier bytes and dots naming import or
// require in any case, then blanks, then "(". Most files hold none (an
// import statement is not a call), and then no root is bound to a loader
// and loadedThen finds nothing either: one pass over the file's
// parentheses instead of a search of the file for every root.
func mayCallLoader(src []byte) bool {
	for at := bytes.IndexByte(src, '('); at >= 0; {
		end := at
		for end > 0 && (src[end-1] == ' ' || src[end-1] == '\t') {
			end--
		}
		start := end
		for start > 0 && (isIdentByte(src[start-1]) || src[start-1] == '.') {
			start--
		}
		if containsFold(src[start:end], "import") || containsFold(src[start:end], "require") {
			return true
		}
		next := bytes.IndexByte(src[at+1:], '(')
		if next < 0 {
			break
		}
		at += 1 + next
	}
	return false
}

// containsFold reports whether s holds word, a lower-case ASCII word, in
// any case.
func containsFold(s []byte, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		j := 0
		for j < len(word) && s[i+j]|0x20 == word[j] {
			j++
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

// isLoaderCall reports whether s starts with a call that may load a
// module: [await] import(...), require(...), a function named for it
// (dynamicImport, requireModule), in Python importlib.import_module(...),
// pytest.importorskip(...) or __import__(...).
func isLoaderCall(lang Language, s []byte) bool {
	if rest, ok := bytes.CutPrefix(s, []byte("await")); ok && lang != Python && len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
		s = bytes.TrimLeft(rest, " \t")
	}
	end := 0
	for end < len(s) && (isIdentByte(s[end]) || s[end] == '.') {
		end++
	}
	callee := s[:end]
	if rest := bytes.TrimLeft(s[end:], " \t"); len(rest) == 0 || rest[0] != '(' {
		return false
	}
	if lang == Python {
		return bytes.HasSuffix(callee, []byte("import_module")) || bytes.Equal(callee, []byte("__import__")) ||
			bytes.HasSuffix(callee, []byte("importorskip"))
	}
	lower := bytes.ToLower(callee)
	return bytes.Contains(lower, []byte("import")) || bytes.Contains(lower, []byte("require"))
}

// loadedThen reports whether src loads a module and hands it on unnamed:
// import('./u').then(m => ...), require(p).then(...).
func loadedThen(src []byte) bool {
	for _, kw := range [][]byte{[]byte("import"), []byte("require")} {
		for at := IndexWord(src, kw, 0); at >= 0; at = IndexWord(src, kw, at+len(kw)) {
			rest := bytes.TrimLeft(src[at+len(kw):], " \t")
			if len(rest) == 0 || rest[0] != '(' {
				continue
			}
			close := bytes.IndexAny(rest[1:min(len(rest), 400)], "()")
			if close < 0 || rest[1+close] != ')' {
				continue
			}
			if bytes.HasPrefix(bytes.TrimLeft(rest[2+close:], " \t\r\n"), []byte(".then")) {
				return true
			}
		}
	}
	return false
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
