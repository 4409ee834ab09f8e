package grep

import "github.com/callcascade/callcascade/treesitter"

// A JavaScript or TypeScript function declared inside another function
// (const handleSubmit = async () => {...} in a React component) binds its
// name in that function: a bare use there (onClick={handleSubmit}) is that
// function, never a namesake declared further out or in another
// component of the file. Portal-Farmalasa's WidgetAnnulmentRequest.jsx
// declares a handleSubmit in each of three forms, and grep offered each
// form's onClick={handleSubmit} as a possible caller of the others'.

// localBinder is a function declared in another: the declaration and the
// function around it, whose body is the name's scope.
type localBinder struct {
	decl, scope treesitter.Span
}

// ecmaLocalBinders are the functions named name, among a file's symbols,
// declared in another function or method.
func ecmaLocalBinders(symbols []treesitter.Symbol, name string) []localBinder {
	var out []localBinder
	for i := range symbols {
		s := &symbols[i]
		if s.Name != name || s.Kind != treesitter.KindFunction {
			continue // a method's name binds nothing bare
		}
		if scope, ok := enclosingFunctionSpan(symbols, s.Span); ok {
			out = append(out, localBinder{decl: s.Span, scope: scope})
		}
	}
	return out
}

// enclosingFunctionSpan is the span of the innermost function or method
// among symbols that holds span (strictly: not span itself).
func enclosingFunctionSpan(symbols []treesitter.Symbol, span treesitter.Span) (treesitter.Span, bool) {
	var best treesitter.Span
	found := false
	for i := range symbols {
		f := &symbols[i]
		if !callableKind(f.Kind) || f.Span.StartByte > span.StartByte || span.EndByte > f.Span.EndByte ||
			f.Span.StartByte == span.StartByte && f.Span.EndByte == span.EndByte {
			continue
		}
		if !found || f.Span.EndByte-f.Span.StartByte < best.EndByte-best.StartByte {
			best, found = f.Span, true
		}
	}
	return best, found
}

func callableKind(k treesitter.SymbolKind) bool {
	return k == treesitter.KindFunction || k == treesitter.KindMethod
}

// boundElsewhere reports whether a bare site names another function than
// q's target by the binders of its file: one that is not the target holds
// the site in a function the target is not declared in, or the target is
// one and does not hold the site (a bare name outside the function that
// declares it never reaches it).
func boundElsewhere(binders []localBinder, rel string, site treesitter.Span, q *Query) bool {
	t := q.TargetSpan
	inFile := rel == q.TargetPath && t.EndByte != 0
	holds := func(s treesitter.Span) bool { return s.StartByte <= site.StartByte && site.EndByte <= s.EndByte }
	for _, b := range binders {
		if inFile && b.decl.StartByte <= t.StartByte && t.StartByte < b.decl.EndByte {
			if !holds(b.scope) {
				return true // the target, declared in a function the site is not in
			}
			continue
		}
		if !holds(b.scope) {
			continue
		}
		if inFile && b.scope.StartByte <= t.StartByte && t.EndByte <= b.scope.EndByte {
			continue // the target is declared in the same function: as near
		}
		return true
	}
	return false
}
