package grep

import (
	"testing"

	"github.com/callcascade/callcascade/treesitter"
)

// A Python function declared in another function is reached by a bare
// name only inside that function: the scope is read from its id.
func TestNestedScopeIsTheEnclosingFunction(t *testing.T) {
	for _, tc := range []struct {
		lang      treesitter.Language
		id, name  string
		container string
		method    bool
		want      string
	}{
		{treesitter.Python, "v.py#Checks.positive.validator", "validator", "", false, "v.py#Checks.positive"},
		{treesitter.Python, "v.py#Checks.positive.validator~2", "validator", "", false, "v.py#Checks.positive"},
		{treesitter.TypeScript, "a.ts#load.parse", "parse", "", false, ""},          // may come back as { parse }
		{treesitter.Python, "v.py#validator", "validator", "", false, ""},           // top level
		{treesitter.Python, "v.py#Checks.validate", "validate", "Checks", true, ""}, // a method
		{treesitter.Go, "a.go#outer.inner", "inner", "", false, ""},                 // left alone
	} {
		if got := nestedScope(tc.lang, tc.id, tc.name, tc.container, tc.method); got != tc.want {
			t.Errorf("nestedScope(%s) = %q, want %q", tc.id, got, tc.want)
		}
	}
	for _, tc := range []struct {
		caller string
		out    bool
	}{
		{"v.py#Checks.positive", false},
		{"v.py#Checks.positive~2", false},
		{"v.py#Checks.positive.inner", false},
		{"v.py#Checks.bounded", true},
		{"v.py#Checks.positives", true},
		{"v.py#", true},
	} {
		if got := outsideNestedScope("v.py#Checks.positive", tc.caller); got != tc.out {
			t.Errorf("outsideNestedScope(%s) = %v, want %v", tc.caller, got, tc.out)
		}
	}
}
