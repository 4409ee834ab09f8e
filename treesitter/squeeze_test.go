package treesitter

import (
	"math/rand"
	"strings"
	"testing"
)

// squeezeByFields is what squeezed did before squeeze: fields joined by one
// space, then the spaces beside a dot dropped.
func squeezeByFields(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if strings.Contains(s, " .") || strings.Contains(s, ". ") {
		s = strings.ReplaceAll(strings.ReplaceAll(s, " .", "."), ". ", ".")
	}
	return s
}

// TestSqueezeMatchesFieldsJoin checks squeeze against the strings.Fields
// formula it replaces, on receivers written over lines and on random mixes
// of letters, dots, ASCII and Unicode spaces and invalid UTF-8: the facts'
// receivers must not change.
func TestSqueezeMatchesFieldsJoin(t *testing.T) {
	cases := []string{
		"", " ", "a", " a ", "a b", "a . b", "a\n  .b\n  .c", "this\n\t.service\n\t.run", "a .. b", ". a .",
		"x\u00a0. y", "x\u0085y", "f( a, b )", "a\r\n.b", "\xff .\xfe", " .", ". ", "a. .b", "\u3000a\u2028.b",
	}
	alphabet := []string{"a", "b", ".", " ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u0085", "\u2003", "\u3000", "é", "\xff", "\xe2\x80", "(", ")", "?"}
	r := rand.New(rand.NewSource(1))
	for range 20000 {
		var b strings.Builder
		for range r.Intn(12) {
			b.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := squeeze(s), squeezeByFields(s); got != want {
			t.Fatalf("squeeze(%q) = %q, want %q", s, got, want)
		}
	}
}
