package treesitter

import (
	"embed"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

//go:embed queries/*.scm
var queryFiles embed.FS

// grammar is one registry entry: a tree-sitter grammar and its facts query,
// compiled on first use. A compiled sitter.Query is immutable and shared by
// all callers; cursors, parsers and trees are per call.
type grammar struct {
	language  Language
	sitter    func() *sitter.Language
	queryFile string // under queries/; TSX shares the TypeScript query, its node types are a superset

	once   sync.Once
	parsed *sitter.Language
	query  *sitter.Query
	err    error
}

var registry = []*grammar{
	{language: TypeScript, sitter: typescript.GetLanguage, queryFile: "typescript.scm"},
	{language: TSX, sitter: tsx.GetLanguage, queryFile: "typescript.scm"},
	{language: JavaScript, sitter: javascript.GetLanguage, queryFile: "javascript.scm"},
	{language: Python, sitter: python.GetLanguage, queryFile: "python.scm"},
	{language: Go, sitter: golang.GetLanguage, queryFile: "go.scm"},
	{language: Java, sitter: java.GetLanguage, queryFile: "java.scm"},
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

// compiled returns the grammar's language and its facts query, compiling the
// query once.
func (g *grammar) compiled() (*sitter.Language, *sitter.Query, error) {
	g.once.Do(func() {
		g.parsed = g.sitter()
		src, err := queryFiles.ReadFile("queries/" + g.queryFile)
		if err != nil {
			g.err = fmt.Errorf("treesitter: read query for %s: %w", g.language, err)
			return
		}
		q, err := sitter.NewQuery(src, g.parsed)
		if err != nil {
			g.err = fmt.Errorf("treesitter: compile query for %s: %w", g.language, err)
			return
		}
		g.query = q
	})
	return g.parsed, g.query, g.err
}
