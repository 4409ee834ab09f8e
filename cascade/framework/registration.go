package framework

import (
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// MaxWrapping is how many wrapping calls HandlerRef looks through; a depth
// of MaxWrapping reads a plain reference only.
const MaxWrapping = 4

// HandlerRef reads a handler passed by value: h, s.handle, this.onEvent,
// this.onEvent.bind(this), this::run, Foo::bar, View.as_view() (the class),
// and up to MaxWrapping single-argument wrapping calls (http.HandlerFunc(h),
// auth(h), Post(requestID(logging(h))): middleware chains). ok is false for
// anything else (a lambda, an expression).
func HandlerRef(text string, depth int) (recv, name string, ok bool) {
	t := strings.TrimSpace(text)
	if i := strings.Index(t, ".bind("); i > 0 && strings.HasSuffix(t, ")") {
		t = t[:i]
	}
	if r, n, found := strings.Cut(t, "::"); found {
		if IsDotted(r) && IsIdentifier(n) {
			return r, n, true
		}
		return "", "", false
	}
	if i := strings.Index(t, ".as_view("); i > 0 && strings.HasSuffix(t, ")") && IsDotted(t[:i]) {
		t = t[:i] // Django's View.as_view(...): the view class
	} else if strings.HasSuffix(t, ")") && depth < MaxWrapping {
		if open := strings.IndexByte(t, '('); open > 0 && IsDotted(t[:open]) {
			args := treesitter.SplitTopLevel(t[open+1 : len(t)-1])
			if len(args) == 1 {
				return HandlerRef(args[0], depth+1)
			}
		}
		return "", "", false
	}
	if !IsDotted(t) {
		return "", "", false
	}
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		return t[:i], t[i+1:], true
	}
	return "", t, true
}
