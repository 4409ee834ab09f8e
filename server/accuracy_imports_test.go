package server_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/treesitter"
)

// definitionAtOwnImport reports whether the reference's go-to-definition at
// a site leads only to an import statement of the site's own file: the
// reference stopped at the import instead of following it.
func definitionAtOwnImport(root string, s accuracySite) bool {
	if s.RefDefinition == "" || s.RefDefinition == "none" || strings.HasPrefix(s.RefDefinition, "error") {
		return false
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(s.Path)))
	if err != nil {
		return false
	}
	lang, _ := treesitter.LanguageForPath(s.Path)
	spans := importLines(string(src), lang)
	for _, where := range strings.Split(s.RefDefinition, ", ") {
		path, line, ok := strings.Cut(where, ":")
		n, err := strconv.Atoi(line)
		if !ok || err != nil || path != s.Path || !spans[n] {
			return false
		}
	}
	return true
}

var (
	ecmaImportStart   = regexp.MustCompile(`^\s*import\b`)
	ecmaImportEnd     = regexp.MustCompile(`\bfrom\s*['"]|^\s*import\s*['"]|;\s*$`)
	pythonImportStart = regexp.MustCompile(`^\s*(from\s+\S+\s+import\b|import\s)`)
)

// importLines are the 1-based lines of a file's import statements, every
// line of one written over several: a line read, not parsed, which is
// enough for the statements at a module's top.
func importLines(src string, lang treesitter.Language) map[int]bool {
	lines := strings.Split(src, "\n")
	out := map[int]bool{}
	for i := 0; i < len(lines); i++ {
		switch {
		case treesitter.Family(lang) == "js" && ecmaImportStart.MatchString(lines[i]):
			j := i
			for j < len(lines)-1 && !ecmaImportEnd.MatchString(lines[j]) {
				j++
			}
			for k := i; k <= j; k++ {
				out[k+1] = true
			}
			i = j
		case lang == treesitter.Python && pythonImportStart.MatchString(lines[i]):
			j := i
			open := strings.Count(lines[i], "(") > strings.Count(lines[i], ")")
			for j < len(lines)-1 && (open && !strings.Contains(lines[j], ")") || strings.HasSuffix(strings.TrimSpace(lines[j]), "\\")) {
				j++
			}
			for k := i; k <= j; k++ {
				out[k+1] = true
			}
			i = j
		}
	}
	return out
}

func TestAccuracyDefinitionAtOwnImport(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.test.ts", "import { describe } from \"vitest\"\nimport {\n  grantCredits,\n  listUsers,\n} from \"@/services/admin\"\n\ngrantCredits(1)\n")
	write("b.py", "import os\nfrom app.services import (\n    grant,\n    revoke,\n)\nx = 1\ngrant()\n")
	cases := []struct {
		site accuracySite
		want bool
	}{
		{accuracySite{Path: "a.test.ts", RefDefinition: "a.test.ts:3"}, true},              // inside a multi-line import
		{accuracySite{Path: "a.test.ts", RefDefinition: "a.test.ts:1"}, true},              // a one-line import
		{accuracySite{Path: "a.test.ts", RefDefinition: "a.test.ts:7"}, false},             // the call's own line: not an import
		{accuracySite{Path: "a.test.ts", RefDefinition: "src/services/admin.ts:3"}, false}, // followed to another file
		{accuracySite{Path: "a.test.ts", RefDefinition: "none"}, false},
		{accuracySite{Path: "b.py", RefDefinition: "b.py:4"}, true},
		{accuracySite{Path: "b.py", RefDefinition: "b.py:6"}, false},
		{accuracySite{Path: "b.py", RefDefinition: "b.py:3, app/services.py:10"}, false}, // one definition followed
	}
	for _, c := range cases {
		if got := definitionAtOwnImport(root, c.site); got != c.want {
			t.Errorf("%s at %s: %v, want %v", c.site.Path, c.site.RefDefinition, got, c.want)
		}
	}
}

// A definition in the declaration file beside the target's JavaScript
// module, on a line naming the target, is the target's own.
func TestDeclaresTargetBeside(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "lib"), 0o755); err != nil {
		t.Fatal(err)
	}
	decl := "export function ensureDir(dir: string): void;\nexport function appendFile(file: string, text: string): void;\n"
	for name, text := range map[string]string{"lib/utils.d.ts": decl, "lib/other.d.ts": decl, "lib/mod.d.mts": decl} {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		target, name, def string
		line              int
		want              bool
	}{
		{"lib/utils.js", "appendFile", "lib/utils.d.ts", 2, true},
		{"lib/utils.js", "appendFile", "lib/utils.d.ts", 1, false}, // another declaration
		{"lib/utils.js", "append", "lib/utils.d.ts", 2, false},     // a word, not a part of one
		{"lib/utils.js", "appendFile", "lib/other.d.ts", 2, false}, // another module's
		{"lib/mod.mjs", "appendFile", "lib/mod.d.mts", 2, true},
		{"lib/utils.ts", "appendFile", "lib/utils.d.ts", 2, false}, // a TypeScript target is its own
		{"lib/utils.js", "appendFile", "lib/utils.d.ts", 9, false}, // past the end
	}
	for _, c := range cases {
		if got := declaresTargetBeside(root, c.target, c.name, c.def, c.line); got != c.want {
			t.Errorf("%s %s at %s:%d: %v, want %v", c.target, c.name, c.def, c.line, got, c.want)
		}
	}
}
