package graph

import (
	"strings"
	"testing"

	"github.com/callcascade/callcascade/treesitter"
)

// An occurrence the graph recorded nothing for makes grep parse the file,
// unless its line alone shows it is no code site.
func TestInertOccurrences(t *testing.T) {
	cases := []struct {
		lang treesitter.Language
		line string
		want bool
	}{
		{treesitter.Go, "\t// Deprecated: Use X.Reset.Descriptor instead.", true},
		{treesitter.Go, "\tx := y // calls Reset later", true},
		{treesitter.Go, "\tm := map[string]int{\"Reset\": 1}", true},
		{treesitter.Go, " * Reset is called by the pool", true},
		{treesitter.Go, "\tfn := s.Reset", false},
		{treesitter.Go, "\tu := \"http://host\" + s.Reset", false},
		{treesitter.Go, "\tu := `//` + s.Reset", false},
		{treesitter.TypeScript, "  <List load={repo.Reset} />", false},
		{treesitter.TypeScript, "  /** Reset the form */", false},
		{treesitter.TypeScript, "   * Reset the form", true},
		{treesitter.Python, "    'methods': {'Reset': Reset},", true},
		{treesitter.Python, "    x = 1  # Reset below", true},
		{treesitter.Python, "    s = '#' + Reset", false},
		{treesitter.Python, "    * Reset", false},
	}
	for _, c := range cases {
		content := []byte("first line\n" + c.line + "\nlast line\n")
		at := strings.Index(string(content), "Reset")
		if got := inert(c.lang, content, at, len("Reset")); got != c.want {
			t.Errorf("%s %q: inert = %v, want %v", c.lang, c.line, got, c.want)
		}
	}
}
