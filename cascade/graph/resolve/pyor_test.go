package resolve

import (
	"slices"
	"testing"

	"github.com/callcascade/callcascade/treesitter"
)

// A receiver written as a parenthesized "or" is split into its operands at
// the top level only; anything else is no such receiver.
func TestPyOrOperands(t *testing.T) {
	for recv, want := range map[string][]string{
		"(classifier or DEFAULT)":          {"classifier", "DEFAULT"},
		"(a.b(x or y) or c[0] or Default)": {"a.b(x or y)", "c[0]", "Default"},
		"(a)":                              nil,
		"(a).m(b or c)":                    nil,
		"(a or 'x')":                       nil,
		"a or b":                           nil,
		"(a and b)":                        nil,
	} {
		if got := pyOrOperands(treesitter.Python, recv); !slices.Equal(got, want) {
			t.Errorf("pyOrOperands(%q) = %q, want %q", recv, got, want)
		}
	}
	if got := pyOrOperands(treesitter.TypeScript, "(a or b)"); got != nil {
		t.Errorf("pyOrOperands in TypeScript = %q, want nil", got)
	}
}
