package framework

import (
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// Provider is one entry of a provider map, { provide: TOKEN, useClass: X }
// in a module's (or component's) decorator, as written.
type Provider struct {
	Path  string
	Token string
	Class string
}

// ProviderEntries finds the { provide: T, useClass: X } (or useExisting)
// objects in a decorator argument.
func ProviderEntries(path, arg string) []Provider {
	if !strings.Contains(arg, "provide") {
		return nil
	}
	var out []Provider
	var open []int
	treesitter.ScanOutsideQuotes(arg, 0, func(i int, c byte) bool {
		switch {
		case c == '{':
			open = append(open, i)
		case c == '}' && len(open) > 0:
			obj := arg[open[len(open)-1] : i+1]
			open = open[:len(open)-1]
			token, ok := Keyword([]string{obj}, "provide")
			if !ok {
				return true
			}
			if cls, ok := Keyword([]string{obj}, "useClass", "useExisting"); ok && IsDotted(cls) {
				out = append(out, Provider{Path: path, Token: token, Class: cls})
			}
		}
		return true
	})
	return out
}
