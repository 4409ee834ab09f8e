package resolve

import (
	"context"
	"path"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Go values whose type the receiver's spelling or a package-level
// declaration tells, as gopls types them (issue 14, item 3): without a
// type, a call on them is a name match or a grep guess, and err.Error() on
// the error such a call returns is offered as a caller of every project
// Error method.

// goLiteralReceiver is the type a Go receiver written as a composite
// literal or a conversion has: (&Edit{}).Execute(...), Config{}.Validate(),
// (*Model)(m).scatter(...), (&pkg.T[int]{x: 1}).Run(), new(big.Int).Sub(...).
// ok is false for any
// other spelling.
func goLiteralReceiver(recv string) (typeName string, ok bool) {
	recv = strings.TrimSpace(recv)
	if inner, ok := strings.CutPrefix(recv, "new("); ok && treesitter.MatchBracket(recv, len("new")) == len(recv)-1 {
		return goTypeNameOf(inner[:len(inner)-1]) // new(big.Int): a *big.Int
	}
	if strings.HasPrefix(recv, "(*") { // (*T)(x): a conversion to *T
		end := treesitter.MatchBracket(recv, 0)
		if end < 0 || end+1 >= len(recv) || recv[end+1] != '(' || treesitter.MatchBracket(recv, end+1) != len(recv)-1 {
			return "", false
		}
		return goTypeNameOf(recv[2:end])
	}
	if strings.HasPrefix(recv, "(") && treesitter.MatchBracket(recv, 0) == len(recv)-1 {
		recv = strings.TrimSpace(recv[1 : len(recv)-1])
	}
	recv = strings.TrimPrefix(recv, "&")
	open := strings.IndexByte(recv, '{')
	if open <= 0 || !strings.HasSuffix(recv, "}") || treesitter.MatchBracket(recv, open) != len(recv)-1 {
		return "", false
	}
	return goTypeNameOf(recv[:open])
}

// goLiteralHead splits a Go receiver that starts with a composite literal
// or a parenthesized one and goes on (BitsCodec{}.PlanEncode(...),
// (&Edit{}).With(x)): the literal's type and the steps after it. ok is
// false for any other spelling.
func goLiteralHead(lang treesitter.Language, recv string) (typeName, rest string, ok bool) {
	if lang != treesitter.Go {
		return "", "", false
	}
	recv = strings.TrimSpace(recv)
	var end int
	if strings.HasPrefix(recv, "(") {
		end = treesitter.MatchBracket(recv, 0)
	} else {
		open := strings.IndexByte(recv, '{')
		if open <= 0 || strings.ContainsAny(recv[:open], "() ") {
			return "", "", false // a literal's type is Name, pkg.Name or Name[T]; not f(x).y{
		}
		end = treesitter.MatchBracket(recv, open)
	}
	if end <= 0 || end+1 >= len(recv) || recv[end+1] != '.' {
		return "", "", false
	}
	typeName, ok = goLiteralReceiver(recv[:end+1])
	if !ok {
		return "", "", false
	}
	return typeName, recv[end+2:], true
}

// goUnaryOperand is the operand of a parenthesized unary expression that
// keeps its operand's type ((-time.Hour), (^mask), (*p), (&v)); ok is false
// for any other spelling (a receive (<-ch) gives an element).
func goUnaryOperand(recv string) (string, bool) {
	recv = strings.TrimSpace(recv)
	if !strings.HasPrefix(recv, "(") || treesitter.MatchBracket(recv, 0) != len(recv)-1 {
		return "", false
	}
	inner := strings.TrimSpace(recv[1 : len(recv)-1])
	if inner == "" || !strings.ContainsRune("-+^*&", rune(inner[0])) || strings.HasPrefix(inner, "&&") {
		return "", false
	}
	operand := strings.TrimSpace(inner[1:])
	if operand == "" || strings.ContainsAny(operand, " +-*/%|&^<>=!") {
		return "", false // (-a + b): not one operand
	}
	return operand, true
}

// goDerefHead drops the explicit dereference a Go receiver starts with
// when more steps follow: (*in)[i] indexes what in points to and (*p).x
// selects p's field, steps the typing of p takes through the pointer
// (generated DeepCopyInto methods call (*in)[i].DeepCopyInto(...)). Any
// other receiver is returned as it is.
func goDerefHead(recv string) string {
	if !strings.HasPrefix(recv, "(*") {
		return recv
	}
	end := treesitter.MatchBracket(recv, 0)
	if end < 0 || end+1 >= len(recv) || recv[end+1] != '[' && recv[end+1] != '.' {
		return recv
	}
	operand := strings.TrimSpace(recv[2:end])
	if operand == "" || strings.ContainsAny(operand, " +-*/%|&^<>=!(") {
		return recv // (*f())[i], (*a + b): not one name's steps
	}
	return operand + recv[end+1:]
}

// goTypeNameOf is a named type as written (T, pkg.T, T[int]) without its
// type arguments; ok is false for anything else (a slice or map type, an
// anonymous struct, an expression).
func goTypeNameOf(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '['); i > 0 && strings.HasSuffix(s, "]") {
		s = s[:i]
	}
	if s == "" {
		return "", false
	}
	dots := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '.':
			dots++
			if dots > 1 || i == 0 || i == len(s)-1 {
				return "", false
			}
		case !isIdentByte(s[i]) || s[i] == '$':
			return "", false
		}
	}
	return s, true
}

// goPackageLocal finds the package-level variable name declared in a Go
// file of directory dir, in package pkg ("" for the directory's non-test
// package), other than the file skip.
func (q *goLang) goPackageLocal(ctx context.Context, dir, pkg, skip, name string) (*fact.File, *fact.Local, error) {
	for _, other := range q.goFilesIn(ctx, dir) {
		if other.Path == skip || (pkg != "" && other.Package != pkg) || (pkg == "" && strings.HasSuffix(other.Package, "_test")) {
			continue
		}
		of, err := q.file(ctx, other.Path)
		if err != nil || of == nil {
			return nil, nil, err
		}
		for i, l := range of.Locals {
			if l.SymbolID == "" && l.Name == name {
				return of, &of.Locals[i], nil
			}
		}
	}
	return nil, nil, nil
}

// goFilesIn lists the Go files of directory dir (without their facts).
func (q *goLang) goFilesIn(ctx context.Context, dir string) []fact.File {
	if q.goDirs == nil { // Go files by directory, once per query
		q.goDirs = map[string][]fact.File{}
		for _, other := range q.allFiles(ctx) {
			if other.Language == treesitter.Go {
				d := path.Dir(other.Path)
				q.goDirs[d] = append(q.goDirs[d], other)
			}
		}
	}
	return q.goDirs[dir]
}

// goPackageMember types pkg.Name, with pkg a workspace package (ref) and
// Name a package-level variable declared in it:
// manifest.ErrInvalidDigestFormat, declared = errors.New(...), is an error.
func (q *goLang) goPackageMember(ctx context.Context, ref typeRef, name string) (typeRef, bool, error) {
	dir, ok := q.goImportDirFrom(ctx, ref.from, ref.mod)
	if !ok {
		return typeRef{}, false, nil
	}
	of, l, err := q.goPackageLocal(ctx, dir, "", "", name)
	if err != nil || l == nil {
		return typeRef{}, false, err
	}
	typed, err := q.declaredType(ctx, of, nil, l.Type)
	return typed, err == nil, err
}

// goUnderlying is the workspace type a Go type is defined from
// (type mtpDraft Model gives Model), nil if none or one from outside.
func (q *goLang) goUnderlying(ctx context.Context, t fact.Symbol) *fact.Symbol {
	under, ok := strings.CutPrefix(t.Returns, treesitter.GoDefinedPrefix)
	if !ok || t.Language != treesitter.Go {
		return nil
	}
	f, err := q.file(ctx, t.Path)
	if err != nil || f == nil {
		return nil
	}
	u, err := q.resolveTypeName(ctx, f, under)
	if err != nil || u == nil || u.ID == t.ID {
		return nil
	}
	return u
}

// goOutsideName reports whether a qualified type name written in t's file
// (model.Sample) names a package outside the workspace.
func (q *goLang) goOutsideName(ctx context.Context, t fact.Symbol, typeName string) bool {
	qualifier, _, ok := strings.Cut(typeName, ".")
	if !ok {
		return false
	}
	f, err := q.file(ctx, t.Path)
	if err != nil || f == nil {
		return false
	}
	for _, imp := range f.Imports {
		if imp.Local == qualifier {
			_, inWorkspace := q.goImportDir(ctx, imp.Module)
			return !inWorkspace
		}
	}
	return false
}

// goRangeKey is the type of a key of the collection coll (for k := range
// coll): an outside package's collection has that package's keys
// (range factory.WaitForCacheSync(done), a map keyed by a library type); a
// workspace one's keys are not kept (a map's key type is dropped, a slice's
// index is an int).
func (q *goLang) goRangeKey(ctx context.Context, f *fact.File, caller *fact.Symbol, coll string) (typeRef, error) {
	ref, err := q.evalReceiver(ctx, f, caller, coll)
	if err == nil && ref.chanOuter && ref.elems > 0 {
		return q.elementOf(ctx, f, ref) // for t := range m.IterBuffered(), a channel: an element
	}
	if err == nil && ref.kind == refInstance && ref.elems == 0 && ref.class.Language == treesitter.Go && strings.HasPrefix(ref.class.Returns, treesitter.GoChanPrefix) {
		return q.elementOf(ctx, f, ref) // for resp := range ch, ch a clientv3.WatchChan: an element
	}
	if err != nil || ref.kind != refExternal {
		return typeRef{kind: refUnknown}, err
	}
	return ref, nil
}

// goDropTypeArgs removes explicit type arguments from the calls of a
// receiver's text, lru.New[int, string](2).SetEvictCallback(f) giving
// lru.New(2).SetEvictCallback(f): a generic function's instance is called
// like the function, and the extractor records the callee without them.
// Brackets read as an index (handlers[i](w), a slice of functions) stay:
// type arguments are told by a comma, a qualified or exported name, a
// pointer, slice or map type, or a predeclared type's name.
func goDropTypeArgs(recv string) string {
	if !strings.Contains(recv, "](") {
		return recv
	}
	var b strings.Builder
	for i := 0; i < len(recv); i++ {
		if recv[i] == '[' && i > 0 && isIdentByte(recv[i-1]) {
			if end := treesitter.MatchBracket(recv, i); end > i && end+1 < len(recv) && recv[end+1] == '(' && goTypeArgs(recv[i+1:end]) {
				i = end
				continue
			}
		}
		b.WriteByte(recv[i])
	}
	return b.String()
}

// goTypeArgs reports whether the text between brackets reads as type
// arguments rather than an index.
func goTypeArgs(inner string) bool {
	inner = strings.TrimSpace(inner)
	switch {
	case inner == "":
		return false
	case strings.Contains(inner, ","), strings.ContainsAny(inner[:1], "*[."), strings.HasPrefix(inner, "map["),
		strings.HasPrefix(inner, "func("), strings.HasPrefix(inner, "chan "):
		return true
	case 'A' <= inner[0] && inner[0] <= 'Z':
		return true
	case strings.Contains(inner, "."):
		return !strings.ContainsAny(inner, "()+-/%") // pkg.Type, not s.items[i+1]
	}
	return goPredeclaredTypes[inner]
}

var goPredeclaredTypes = map[string]bool{
	"any": true, "bool": true, "byte": true, "comparable": true, "complex64": true, "complex128": true, "error": true,
	"float32": true, "float64": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"rune": true, "string": true, "uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
}
