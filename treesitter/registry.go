package treesitter

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

// grammar is one registry entry: a tree-sitter grammar, its node type
// names, and the query that specifies what extraction captures.
//
// The queries (queries/*.scm) are the specification of the captures; the
// language hooks' match methods implement them in Go over the flattened
// tree, which costs a fraction of running a query cursor, and the tests
// check that both capture the same nodes (match_test.go).
type grammar struct {
	index     uint8 // in registry
	language  Language
	sitter    func() *sitter.Language
	queryFile string // under queries/; TSX shares the TypeScript query, its node types are a superset
	jsxQuery  bool   // the grammar parses JSX: queries/jsx.scm is part of its query too

	once   sync.Once
	parsed *sitter.Language
	names  *names
	// cLang is parsed's C language, which Extract parses with (parse.go);
	// cLangErr says why there is none.
	cLang    unsafe.Pointer
	cLangErr error
	parsers  parserPool // idle parsers of cLang (parse.go)
	// directWalk says the grammar's trees are flattened by reading their
	// subtrees directly (walkcheck.go), not through a tree cursor.
	directWalk bool
}

var registry = []*grammar{
	{language: TypeScript, sitter: typescript.GetLanguage, queryFile: "typescript.scm"},
	{language: TSX, sitter: tsx.GetLanguage, queryFile: "typescript.scm", jsxQuery: true},
	{language: JavaScript, sitter: javascript.GetLanguage, queryFile: "javascript.scm", jsxQuery: true},
	{language: Python, sitter: python.GetLanguage, queryFile: "python.scm"},
	{language: Go, sitter: golang.GetLanguage, queryFile: "go.scm"},
	{language: Java, sitter: java.GetLanguage, queryFile: "java.scm"},
}

func init() {
	for i, g := range registry {
		g.index = uint8(i)
	}
}

var extensions = map[string]Language{
	".ts": TypeScript, ".mts": TypeScript, ".cts": TypeScript,
	".tsx": TSX,
	".js":  JavaScript, ".jsx": JavaScript, ".mjs": JavaScript, ".cjs": JavaScript,
	".py": Python, ".pyi": Python,
	".go":   Go,
	".java": Java,
}

// LanguageForPath picks the language of a file by its extension.
func LanguageForPath(path string) (Language, bool) {
	lang, ok := extensions[strings.ToLower(filepath.Ext(path))]
	return lang, ok
}

// Family groups languages whose files may call each other: TypeScript,
// TSX and JavaScript are "js"; every other language is its own.
func Family(l Language) string {
	switch l {
	case TypeScript, TSX, JavaScript:
		return "js"
	}
	return string(l)
}

// Languages lists every supported language, in a fixed order.
func Languages() []Language {
	out := make([]Language, len(registry))
	for i, g := range registry {
		out[i] = g.language
	}
	return out
}

func lookup(lang Language) (*grammar, error) {
	for _, g := range registry {
		if g.language == lang {
			return g, nil
		}
	}
	return nil, fmt.Errorf("treesitter: unsupported language %q", lang)
}

// Grammar returns the tree-sitter language the registry parses lang with,
// for callers that parse without extracting (benchmarks, the grep stage).
func Grammar(lang Language) (*sitter.Language, error) {
	g, err := lookup(lang)
	if err != nil {
		return nil, err
	}
	l, _, err := g.compiled()
	return l, err
}

// compiled returns the grammar's language and its node type and field
// names, read once.
func (g *grammar) compiled() (*sitter.Language, *names, error) {
	g.once.Do(func() {
		g.parsed = g.sitter()
		g.names = newNames(g.parsed)
		g.cLang, g.cLangErr = cLanguage(g.parsed)
		g.directWalk = g.cLangErr == nil && directWalkAgrees(g)
	})
	return g.parsed, g.names, nil
}
