package treesitter

import "testing"

// The encodings of Go local types round-trip, and anything else, however
// malformed (a store is data, not code), reads as unscoped or index 0.
func TestGoTypeEncodings(t *testing.T) {
	scoped := ScopedType(12, 340, "call:b.Content#1")
	if start, end, rest, ok := CutScope(scoped); !ok || start != 12 || end != 340 || rest != "call:b.Content#1" {
		t.Errorf("CutScope(%q) = %d, %d, %q, %v", scoped, start, end, rest, ok)
	}
	for _, bad := range []string{"", "in:", "in:1-", "in:5-2:T", "in:a-b:T", "in:1-2", "in:99999999999-1:T", "Foo", "in:-1-2:T"} {
		if _, _, rest, ok := CutScope(bad); ok || rest != bad {
			t.Errorf("CutScope(%q) = %q, %v; want unscoped", bad, rest, ok)
		}
	}

	for in, want := range map[string]struct {
		callee string
		index  int
	}{
		"f":                {"f", 0},
		"b.Content#2":      {"b.Content", 2},
		"x#":               {"x#", 0},
		"x#-1":             {"x#-1", 0},
		"x#y":              {"x#y", 0},
		"a#1#3":            {"a#1", 3},
		"f#99999999999999": {"f", 99999999999999},
	} {
		if callee, index := CutResultIndex(in); callee != want.callee || index != want.index {
			t.Errorf("CutResultIndex(%q) = %q, %d; want %q, %d", in, callee, index, want.callee, want.index)
		}
	}

	for _, c := range []struct {
		returns string
		i       int
		want    string
	}{
		{"Value,Diagnostics", 0, "Value"},
		{"Value,Diagnostics", 1, "Diagnostics"},
		{"Value,Diagnostics", 2, ""},
		{"Store", 0, "Store"},
		{"Store", 1, ""},
		{"", 0, ""},
		{"A,,C", 1, ""},
		{"A,,C", 2, "C"},
	} {
		if got := GoResult(c.returns, c.i); got != c.want {
			t.Errorf("GoResult(%q, %d) = %q, want %q", c.returns, c.i, got, c.want)
		}
	}
}
