package graph

import (
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
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
		{treesitter.Go, "\tassert.NotNil(cmd, \"Returns a Reset instance\")", true},
		{treesitter.Go, "\tc := '\"'; fn := s.Reset", false},
		{treesitter.Go, "\ts := \"a \\\" b\"; fn := s.Reset", false},
		{treesitter.Go, "\tlog.Print(`Reset called`)", true},
		{treesitter.TypeScript, "  <List load={repo.Reset} />", false},
		{treesitter.TypeScript, "  /** Reset the form */", false},
		{treesitter.TypeScript, "   * Reset the form", true},
		{treesitter.Python, "    'methods': {'Reset': Reset},", true},
		{treesitter.Python, "    x = 1  # Reset below", true},
		{treesitter.Python, "    s = '#' + Reset", false},
		{treesitter.Python, "    * Reset", false},
		{treesitter.Python, "    x = \"it's\"; f = self.Reset", false},
		{treesitter.Python, "    \"\"\"Reset the pool.\"\"\"", true},
		{treesitter.TSX, "  <p>Don't {Reset}</p>", false},
		{treesitter.TypeScript, "    describe(\"Reset /admin\", () => {", true},
		{treesitter.TypeScript, "  import { x } from \"../Reset-lines\"", true},
		{treesitter.TypeScript, "  const s = 'a Reset b'", true},
		{treesitter.TSX, "  const s = 'a Reset b'", false},
		{treesitter.TypeScript, "  res.send(`Reset order ${id}`)", true},
		{treesitter.TypeScript, "  res.send(`order ${Reset}`)", false},
		{treesitter.Python, "    s = f\"{Reset}\"", false},
		{treesitter.Python, "    s = f\"Reset {x}\"", true},
	}
	for _, c := range cases {
		content := []byte("first line\n" + c.line + "\nlast line\n")
		at := strings.Index(string(content), "Reset")
		if got := inert(c.lang, content, at, len("Reset")); got != c.want {
			t.Errorf("%s %q: inert = %v, want %v", c.lang, c.line, got, c.want)
		}
	}
}

// Go lines that declare the name, or name another package's Name, are no
// site of a method.
func TestGoDeclarationsAndPackageNames(t *testing.T) {
	imports := []treesitter.Import{{Local: "cobra", Module: "github.com/spf13/cobra"}}
	cases := []struct {
		line       string
		declared   bool
		packageNam bool
	}{
		{"\tReset\tstring `json:\"reset\"`", true, false},
		{"\tReset *pool.Thing", true, false},
		{"\tReset := 3", false, false},
		{"\tReset(x)", false, false},
		{"\tReset <- v", false, false},
		{"\tx := &cobra.Reset{}", false, true},
		{"\tfunc run() *cobra.Reset {", false, true},
		{"\tfn := s.Reset", false, false},
		{"\tfn := s.cobra.Reset", false, false},
		{"\tfn := other.Reset", false, false},
	}
	for _, c := range cases {
		content := []byte("package p\n" + c.line + "\n")
		at := strings.Index(string(content), "Reset")
		if got := goDeclaredOnLine(content, at, len("Reset")); got != c.declared {
			t.Errorf("%q: declared = %v, want %v", c.line, got, c.declared)
		}
		if got := content[at-1] == '.' && goPackageQualified(content, at, imports); got != c.packageNam {
			t.Errorf("%q: package-qualified = %v, want %v", c.line, got, c.packageNam)
		}
	}
}

// A file where the graph left a reference through a receiver undecided is
// parsed by grep, not vouched for: in Python through any receiver, in
// JavaScript and TypeScript through this; a call, or another language's
// reference, does not stop the voucher.
func TestUndecidedAttributeRefIsParsed(t *testing.T) {
	for _, c := range []struct {
		rel  string
		call fact.Call
		want bool
	}{
		{"app/views.py", fact.Call{Ref: true, Receiver: "entity"}, true},
		{"app/views.py", fact.Call{Receiver: "entity"}, false},
		{"app/views.py", fact.Call{Ref: true}, false},
		{"src/claude.ts", fact.Call{Ref: true, Receiver: "this"}, true},
		{"src/claude.ts", fact.Call{Ref: true, Receiver: "client"}, false},
		{"pkg/server.go", fact.Call{Ref: true, Receiver: "s"}, false},
	} {
		if got := undecidedAttributeRef(c.rel, []fact.Call{c.call}); got != c.want {
			t.Errorf("%s %+v: %v, want %v", c.rel, c.call, got, c.want)
		}
	}
}
