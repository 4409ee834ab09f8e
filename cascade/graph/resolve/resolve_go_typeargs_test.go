package resolve

import "testing"

// A generic call's type arguments are dropped from a receiver, an index
// into a slice or map of functions is kept.
func TestGoDropTypeArgs(t *testing.T) {
	for in, want := range map[string]string{
		"lru.New[int, int](2).SetEvictCallback(f)": "lru.New(2).SetEvictCallback(f)",
		"New[string](1)":          "New(1)",
		"cache.New[*Item](n)":     "cache.New(n)",
		"pool.Of[model.User](db)": "pool.Of(db)",
		"handlers[i](w)":          "handlers[i](w)",
		"handlers[kind](w).Close": "handlers[kind](w).Close",
		"s.items[i+1]":            "s.items[i+1]",
		"xs[0].Run":               "xs[0].Run",
	} {
		if got := goDropTypeArgs(in); got != want {
			t.Errorf("goDropTypeArgs(%q) = %q, want %q", in, got, want)
		}
	}
}
