package fact

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/callcascade/callcascade/treesitter"
)

// KindModule names the synthetic caller used for calls at the top level of a
// file (module initialisation code, scripts, Go package-level var initialisers).
const KindModule treesitter.SymbolKind = "module"

// ModuleSymbol is the synthetic symbol standing for a file's top level.
func ModuleSymbol(relPath string, lang treesitter.Language) Symbol {
	return Symbol{ID: relPath + "#", Path: relPath, Language: lang, Name: path.Base(relPath), Kind: KindModule}
}

// HashContent is the content hash stored per file; equal hashes mean the file
// need not be parsed again.
func HashContent(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}

// QualifiedName is the dotted chain of a symbol's enclosing symbols and its
// own name, e.g. "FeesReportConsumerController.handle". Go methods are
// qualified by their receiver type.
func QualifiedName(facts *treesitter.Facts, i int) string {
	s := facts.Symbols[i]
	var parts []string
	for j := i; j >= 0; j = facts.Symbols[j].Parent {
		parts = append(parts, facts.Symbols[j].Name)
		if facts.Symbols[j].Parent == j { // defensive: never loop
			break
		}
	}
	if s.Parent < 0 && s.Container != "" {
		parts = append(parts, s.Container)
	}
	for l, r := 0, len(parts)-1; l < r; l, r = l+1, r-1 {
		parts[l], parts[r] = parts[r], parts[l]
	}
	return strings.Join(parts, ".")
}

// BuildFileFacts turns one file's extracted facts into the rows a store keeps,
// assigning each symbol its stable ID.
func BuildFileFacts(relPath string, content []byte, facts *treesitter.Facts) FileFacts {
	ff := FileFacts{File: File{
		Path:       relPath,
		Hash:       HashContent(content),
		Size:       int64(len(content)),
		Language:   facts.Language,
		Package:    facts.Package,
		Imports:    facts.Imports,
		Fields:     facts.Fields,
		Constants:  facts.Constants,
		Errors:     facts.HasErrors,
		Unrecorded: facts.Unrecorded,
	}}
	// Each list is made once at its final size (left nil when empty, as
	// appends alone would leave it): growing them was most of this
	// function's allocations in a cold index.
	if n := len(facts.Symbols); n > 0 {
		ff.Symbols = make([]Symbol, 0, n)
	}
	if n := len(facts.Calls); n > 0 {
		ff.Calls = make([]Call, 0, n)
	}
	if n := len(facts.Locals); n > 0 {
		ff.File.Locals = make([]Local, 0, n)
	}
	if n := len(facts.Strings); n > 0 {
		ff.Literals = make([]Literal, 0, n)
	}
	ids := make([]string, len(facts.Symbols))
	seen := make(map[string]int, len(facts.Symbols))
	for i, s := range facts.Symbols {
		id := relPath + "#" + QualifiedName(facts, i)
		seen[id]++
		if n := seen[id]; n > 1 {
			id += "~" + strconv.Itoa(n)
		}
		ids[i] = id
		ff.Symbols = append(ff.Symbols, Symbol{
			ID: id, Path: relPath, Language: facts.Language,
			Name: s.Name, Kind: s.Kind, Container: s.Container,
			Span: s.Span, Selection: s.Selection,
			Decorators: s.Decorators, Params: s.Params, Extends: s.Extends, Returns: s.Returns, TypeParams: s.TypeParams,
			ResultsWritten: s.ResultsWritten, ExtendsWritten: s.ExtendsWritten, TypeConstraints: s.TypeConstraints, Accessor: s.Accessor, Shapes: s.Shapes,
		})
	}
	idOf := func(i int) string {
		if i < 0 || i >= len(ids) {
			return ""
		}
		return ids[i]
	}
	// import {a as b}; b(): the call is to a, and is stored under a's name
	// so that callers of a find it.
	aliases := treesitter.ImportAliases(facts)
	for _, c := range facts.Calls {
		written := c.Callee
		c.Callee = treesitter.StoredCallee(c, aliases)
		alias := ""
		if written != c.Callee && sameLengthAlias(facts.Imports, c.Callee, written) {
			alias = written
		}
		ff.Calls = append(ff.Calls, Call{
			Path: relPath, CallerID: idOf(c.Enclosing), Callee: c.Callee,
			Receiver: c.Receiver, Span: c.Span, Args: capArgs(c.Args), New: c.New, Ref: c.Ref, Field: c.Field, Alias: alias,
		})
	}
	for _, l := range facts.Locals {
		ff.File.Locals = append(ff.File.Locals, Local{SymbolID: idOf(l.Enclosing), Name: l.Name, Type: l.Type})
	}
	for _, s := range facts.Strings {
		ff.Literals = append(ff.Literals, Literal{Path: relPath, SymbolID: idOf(s.Enclosing), Text: s.Text, Span: s.Span})
	}
	return ff
}

// maxArgLen bounds each stored call argument: event names and tokens are
// short, and whole object literals or callbacks would only bloat the store.
const maxArgLen = 128

func capArgs(args []string) []string {
	for i, a := range args {
		if len(a) > maxArgLen {
			n := maxArgLen
			for n > 0 && !utf8.RuneStart(a[n]) {
				n-- // never cut a character in half
			}
			args[i] = a[:n]
		}
	}
	return args
}

// GoModFacts records a go.mod file: its module path is what turns Go import
// paths into workspace directories.
func GoModFacts(relPath string, content []byte) FileFacts {
	return FileFacts{File: File{
		Path: relPath, Hash: HashContent(content), Size: int64(len(content)),
		Language: LanguageGoMod, Package: goModulePath(content),
	}}
}

// LanguageGoMod marks go.mod records in the store.
const LanguageGoMod treesitter.Language = "gomod"

func goModulePath(content []byte) string {
	for _, line := range strings.Split(string(content), "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			rest = strings.TrimSpace(rest)
			if i := strings.Index(rest, "//"); i >= 0 {
				rest = strings.TrimSpace(rest[:i])
			}
			return strings.Trim(rest, `"`+"`")
		}
	}
	return ""
}

// sameLengthAlias reports whether imports bind imported under a name other
// than alias of alias's length (import {load as getIt}, {load as setIt}):
// a call stored under imported then needs its alias (Call.Alias).
func sameLengthAlias(imports []treesitter.Import, imported, alias string) bool {
	for _, imp := range imports {
		if imp.Imported == imported && imp.Local != alias && len(imp.Local) == len(alias) {
			return true
		}
	}
	return false
}
