package grep

import (
	"path"
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
// reach it (a language the rule leaves alone). Compiled once per search.
func importPatterns(lang treesitter.Language, name string) []*regexp.Regexp {
	word := `\b` + regexp.QuoteMeta(name) + `\b`
	var patterns []string
	switch lang {
	case treesitter.TypeScript, treesitter.TSX, treesitter.JavaScript:
		patterns = []string{
			`(?s)\bimport\s+(?:type\s+)?[^;'"]*?` + word + `[^;'"]*?\bfrom\b`, // import { a, name } from / import name from
			`(?s)\{[^}]*` + word + `[^}]*\}\s*=\s*(?:await\s+)?require\s*\(`,  // const { name } = require(
			`\b(?:const|let|var)\s+` + word + `\s*=\s*require\s*\(`,
		}
	case treesitter.Python:
		patterns = []string{
			`(?m)^\s*from\s+\S+\s+import\s+\*`,
			`(?ms)^\s*from\s+\S+\s+import\s+\([^)]*` + word,
			`(?m)^\s*from\s+\S+\s+import\s+[^(\n]*` + word,
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

// importsName reports whether content holds an import that binds the
// name, given importPatterns' answer for the file's language.
func importsName(patterns []*regexp.Regexp, content []byte) bool {
	if patterns == nil {
		return true
	}
	for _, p := range patterns {
		if p.Match(content) {
			return true
		}
	}
	return false
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
