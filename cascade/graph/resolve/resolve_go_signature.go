package resolve

import (
	"context"
	"slices"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/resolve/internal/gostd"
	"github.com/callcascade/callcascade/treesitter"
)

// goSignature is what Go's method sets are compared on, as gopls compares
// them: the parameter and result types, not only their numbers. A test
// double's Select(...) Rows does not implement an interface whose Select
// returns a Querier, and calls through that interface never run it. Each
// type is canonical (goCanonicalType): store.Querier written in another
// package equals Querier written in its own. A type the extractor does not
// keep (a type parameter, an anonymous struct, a func type's parameters)
// is "" and matches any type: what cannot be told apart is not told apart.
//
// The types are names (pointers, slices, maps and channels stripped); the
// shapes are how each is written around its names (treesitter's goShape:
// "*@" for *Ctx, "...string", "map[int]@", "" for a bare name), which
// go/types tells apart too: Details(c *Ctx) error and Details(c Ctx) error
// are different methods, and a type with the second does not implement an
// interface with the first. nil shapes are not known (a standard library
// method set, an interface type literal's) and match any;
// treesitter.GoShapeUnknown (a type parameter's) matches any shape.
type goSignature struct {
	params, results           []string
	paramShapes, resultShapes []string
}

// matches reports whether two signatures are the same as far as they are
// known.
func (s goSignature) matches(o goSignature) bool {
	return sameGoTypes(s.params, o.params) && sameGoTypes(s.results, o.results) &&
		sameGoShapes(s.paramShapes, o.paramShapes) && sameGoShapes(s.resultShapes, o.resultShapes)
}

func sameGoTypes(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != "" && b[i] != "" && a[i] != b[i] && goByteRune(a[i]) != goByteRune(b[i]) {
			return false
		}
	}
	return true
}

func sameGoShapes(a, b []string) bool {
	if a == nil || b == nil || len(a) != len(b) {
		return true // not known; sameGoTypes compares the numbers
	}
	for i := range a {
		if a[i] != treesitter.GoShapeUnknown && b[i] != treesitter.GoShapeUnknown && a[i] != b[i] {
			return false
		}
	}
	return true
}

// goByteRune is a canonical type with byte written uint8 and rune int32:
// go/types's aliases, one type each ([]byte is []uint8).
func goByteRune(t string) string {
	if !strings.Contains(t, "byte") && !strings.Contains(t, "rune") {
		return t
	}
	var b strings.Builder
	for i := 0; i < len(t); {
		j := i
		for j < len(t) && isIdentByte(t[j]) {
			j++
		}
		if j == i {
			b.WriteByte(t[i])
			i++
			continue
		}
		switch w := t[i:j]; {
		case w == "byte" && (i == 0 || t[i-1] != '.'):
			b.WriteString("uint8")
		case w == "rune" && (i == 0 || t[i-1] != '.'):
			b.WriteString("int32")
		default:
			b.WriteString(w)
		}
		i = j
	}
	return b.String()
}

// goSig is a signature written in canonical types, comma-separated, for
// goKnownInterfaces; "?" is a type not kept ("" in a Symbol's Returns).
func goSig(params, results string) goSignature {
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		out := strings.Split(s, ",")
		for i, t := range out {
			if t == "?" {
				out[i] = ""
			}
		}
		return out
	}
	return goSignature{params: split(params), results: split(results)}
}

// goSignatureOf is m's signature, its receiver left out, in canonical
// types read in m's own file.
func (q *goLang) goSignatureOf(ctx context.Context, m fact.Symbol) goSignature {
	if sig, ok := q.sigs[m.ID]; ok {
		return sig
	}
	params := m.Params
	if m.Kind == treesitter.KindMethod && m.Container != "" && !isInterfaceMethod(m) && len(params) > 0 {
		params = params[1:] // the receiver comes first
	}
	f, _ := q.file(ctx, m.Path) // without its file, types stay as written
	sig := goSignature{params: make([]string, len(params))}
	var aliased []bool // each type's, params then results: written with an alias
	canon := func(t string) string {
		q.sawAlias = false
		c := q.goCanonicalType(ctx, f, t)
		aliased = append(aliased, q.sawAlias)
		return c
	}
	for i, p := range params {
		sig.params[i] = canon(p.Type)
	}
	if m.Returns != "" {
		for _, r := range strings.Split(m.Returns, treesitter.GoResultSeparator) {
			sig.results = append(sig.results, canon(r))
		}
	}
	// Shapes nil: each a bare name. Another number of them than of types
	// (a single result Returns does not keep): not known. A type written
	// with an alias (type Handler = func(*Ctx) error) is shaped as its
	// target is, which its shape does not say: not known either.
	n := len(sig.params)
	var shapes []string
	switch {
	case m.Shapes == nil:
		shapes = make([]string, n+len(sig.results))
	case len(m.Shapes) == n+len(sig.results):
		shapes = slices.Clone(m.Shapes)
	}
	if shapes != nil {
		for i, a := range aliased {
			if a {
				shapes[i] = treesitter.GoShapeUnknown
			}
		}
		sig.paramShapes, sig.resultShapes = shapes[:n:n], shapes[n:]
	}
	if q.sigs == nil {
		q.sigs = map[string]goSignature{}
	}
	q.sigs[m.ID] = sig
	return sig
}

// goBuiltinTypes are Go's predeclared types: they name themselves anywhere.
var goBuiltinTypes = setOf("bool", "string", "error", "byte", "rune", "uintptr", "int", "int8", "int16", "int32", "int64",
	"uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "complex64", "complex128", "comparable")

// goFrozenDepAliases are dependency types declared as aliases of standard
// library types in every version a build since Go 1.9 compiles, so that
// they compare as gopls compares them without reading the module cache
// (outside the workspace, read only when allowed; goDepAlias): older code
// writes its interfaces with golang.org/x/net/context and implements them
// with context (CGO-go-echo, from the go-clean-arch template).
var goFrozenDepAliases = map[string]string{
	"golang.org/x/net/context.Context":    "context.Context",
	"golang.org/x/net/context.CancelFunc": "context.CancelFunc",
}

// goCanonicalType is a type as the extractor keeps it (pointers and type
// arguments stripped, collections as their element), written in f, named
// so that it compares equal wherever it is written: a workspace type by its
// symbol's ID ("=store/store.go#Querier"), a type from outside the
// workspace by its import path ("net/http.Request"), a predeclared type by
// its name. "" when it cannot be named: a type parameter, an anonymous or
// literal type, a workspace type the index does not hold.
func (q *goLang) goCanonicalType(ctx context.Context, f *fact.File, t string) string {
	t = strings.TrimSpace(t)
	switch {
	case t == "" || strings.HasPrefix(t, treesitter.GoAnonymousStructPrefix):
		return ""
	case strings.HasPrefix(t, treesitter.GoCollectionPrefix):
		if elem := q.goCanonicalType(ctx, f, t[len(treesitter.GoCollectionPrefix):]); elem != "" {
			return treesitter.GoCollectionPrefix + elem
		}
		return ""
	case strings.HasPrefix(t, treesitter.GoFuncPrefix):
		results := strings.Split(strings.TrimPrefix(t, treesitter.GoFuncPrefix), treesitter.GoResultSeparator)
		for i, r := range results {
			results[i] = q.goCanonicalType(ctx, f, r)
		}
		return treesitter.GoFuncPrefix + strings.Join(results, treesitter.GoResultSeparator)
	case t == "any" || t == "interface{}":
		return "any"
	case goBuiltinTypes[t]:
		return t
	case strings.ContainsAny(t, "({[ ") || f == nil:
		return "" // an interface or other literal type, kept as written
	}
	if qualifier, name, ok := strings.Cut(t, "."); ok {
		for _, imp := range f.Imports {
			if imp.Local != qualifier {
				continue
			}
			if _, inWorkspace := q.goImportDir(ctx, imp.Module); !inWorkspace {
				if target, ok := gostd.Alias(imp.Module + "." + name); ok {
					return target // os.FileMode is io/fs.FileMode
				}
				if target, ok := goFrozenDepAliases[imp.Module+"."+name]; ok {
					return target // golang.org/x/net/context.Context, the module cache unread
				}
				if target, ok := q.goDepAlias(f.Path, imp.Module+"."+name); ok {
					return target // golang.org/x/net/context.Context is context.Context
				}
				return imp.Module + "." + name
			}
			break
		}
	}
	sym, err := q.resolveTypeName(ctx, f, t)
	if err != nil || sym == nil {
		return ""
	}
	if aliased, ok := strings.CutPrefix(sym.Returns, treesitter.GoAliasPrefix); ok && sym.Language == treesitter.Go && q.aliasDepth < 5 {
		// type SearchOptions = internal.SearchOptions: the type it names.
		af, _ := q.file(ctx, sym.Path)
		q.aliasDepth++
		q.sawAlias = true
		defer func() { q.aliasDepth-- }()
		return q.goCanonicalType(ctx, af, aliased)
	}
	return "=" + sym.ID
}

// goLiteralMethodSet is the method set of an interface type literal
// (treesitter.GoInterfacePrefix) written in f, its embedded interfaces'
// included; nil for the empty interface, or when an embedded interface's
// set cannot be seen.
func (q *goLang) goLiteralMethodSet(ctx context.Context, f *fact.File, typ string) map[string]goSignature {
	body, ok := strings.CutPrefix(typ, treesitter.GoInterfacePrefix)
	if !ok || !strings.HasSuffix(body, "}") || f == nil {
		return nil
	}
	set := map[string]goSignature{}
	for _, elem := range splitTopLevel(body[:len(body)-1], treesitter.GoMethodSeparator[0]) {
		if embedded, ok := strings.CutPrefix(elem, treesitter.GoEmbeddedMarker); ok {
			more := goOutsideMethods(goKnownInterface(f, embedded))
			if more == nil {
				iface, err := q.resolveTypeName(ctx, f, embedded)
				if err != nil || iface == nil || iface.Kind != treesitter.KindInterface {
					return nil
				}
				more = q.goMethodSet(ctx, *iface)
			}
			if more == nil {
				return nil
			}
			for name, sig := range more {
				set[name] = sig
			}
			continue
		}
		open := strings.IndexByte(elem, '(')
		if open <= 0 {
			return nil
		}
		end := treesitter.MatchBracket(elem, open)
		if end < 0 {
			return nil
		}
		var sig goSignature
		for _, p := range splitTopLevel(elem[open+1:end], treesitter.GoResultSeparator[0]) {
			sig.params = append(sig.params, q.goCanonicalType(ctx, f, p))
		}
		for _, r := range splitTopLevel(elem[end+1:], treesitter.GoResultSeparator[0]) {
			sig.results = append(sig.results, q.goCanonicalType(ctx, f, r))
		}
		set[elem[:open]] = sig
	}
	if len(set) == 0 {
		return nil
	}
	return set
}

// splitTopLevel splits s at sep outside brackets; "" gives nothing.
func splitTopLevel(s string, sep byte) []string {
	if s == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// goReceiverLiteral is the method set of the interface type literal a
// receiver is declared with (resolver := impl.(interface{ M() })), or a
// field it reads is (tt.resolver), or that the receiver's value has
// otherwise (an element of a []interface{ M() }, what a function declared
// to return one returns), or nil.
func (q *goLang) goReceiverLiteral(ctx context.Context, f *fact.File, caller *fact.Symbol, recv string) map[string]goSignature {
	if set := q.goReceiverLiteralDeclared(ctx, f, caller, recv); set != nil {
		return set
	}
	// for _, x := range xs { x.M() } with xs a []interface{ M() }, xs[0].M(),
	// get().M(), (<-c).M(): the value's type, as the receiver evaluates.
	ref, err := q.evalReceiver(ctx, f, caller, recv)
	if err != nil || ref.kind != refExternal || ref.lit == "" || ref.elems != 0 {
		return nil
	}
	return q.goLiteralMethodSet(ctx, q.mustFile(ctx, ref.litIn, f), ref.lit)
}

// goReceiverLiteralDeclared is goReceiverLiteral for a receiver that is a
// local or a field declared with an interface type literal.
func (q *goLang) goReceiverLiteralDeclared(ctx context.Context, f *fact.File, caller *fact.Symbol, recv string) map[string]goSignature {
	if dot := strings.LastIndexByte(recv, '.'); dot > 0 && isIdentifierName(recv[dot+1:]) {
		// tt.resolver.ID(p), with resolver a field declared
		// interface{ ID(p P) (string, error) } (a test table's struct).
		ref, err := q.evalReceiver(ctx, f, caller, recv[:dot])
		if err != nil || ref.kind != refInstance || ref.elems != 0 || ref.class.Language != treesitter.Go {
			return nil
		}
		typ, err := q.fieldType(ctx, ref.class, recv[dot+1:], 0)
		if err != nil || !strings.HasPrefix(typ, treesitter.GoInterfacePrefix) {
			return nil
		}
		return q.goLiteralMethodSet(ctx, q.mustFile(ctx, ref.class.Path, f), typ)
	}
	for i := 0; i < len(recv); i++ {
		if !isIdentByte(recv[i]) {
			return nil // a path or an expression: not a local's name
		}
	}
	l := q.localNamed(f, caller, recv)
	if l == nil {
		return nil
	}
	_, _, typ, _ := treesitter.CutScope(l.Type)
	return q.goLiteralMethodSet(ctx, f, typ)
}

// isIdentifierName reports whether s is one identifier (Go, Python,
// JavaScript: letters, digits, _ and $, not starting with a digit).
func isIdentifierName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}

// goLiteralOwnCall reports whether c calls target, a method of an
// interface type literal declared in a function (resolver :=
// impl.(interface{ Input(p P) (string, error) })), through a value of that
// literal in the same function: gopls answers it as a direct call.
func (q *goLang) goLiteralOwnCall(ctx context.Context, c fact.Call, target fact.Symbol) (bool, error) {
	if target.Kind != treesitter.KindMethod || !isInterfaceMethod(target) || !declaredInFunction(target) {
		return false, nil
	}
	enclosing, err := q.goEnclosingFunction(ctx, target)
	if err != nil || enclosing == nil || c.Path != target.Path ||
		c.Span.StartByte < enclosing.Span.StartByte || c.Span.EndByte > enclosing.Span.EndByte {
		return false, err
	}
	f, err := q.file(ctx, c.Path)
	if err != nil || f == nil {
		return false, err
	}
	caller, err := q.symbol(ctx, c.CallerID)
	if err != nil {
		return false, err
	}
	defer func(saved uint32) { q.pos = saved }(q.pos)
	q.pos = c.Span.StartByte
	sig, ok := q.goReceiverLiteral(ctx, f, caller, c.Receiver)[c.Callee]
	return ok && sig.matches(q.goSignatureOf(ctx, target)), nil
}

// goLiteralMethods reports whether targets are all methods of Go interface
// type literals (a call through a value of one resolves to its method): a
// method of a type that has the literal's methods may run there too.
func goLiteralMethods(targets []fact.Symbol) bool {
	for _, t := range targets {
		if t.Language != treesitter.Go || t.Kind != treesitter.KindMethod || t.Container != "" || !isInterfaceMethod(t) {
			return false
		}
	}
	return len(targets) > 0
}

// goLiteralMethodCalled is the method c calls through ref, a value of an
// interface type literal (treesitter.GoInterfacePrefix), when that literal
// is written in the function c is in, caller (a parameter's type, a
// local's, a collection's element type): its method named c.Callee there,
// the one literal of that function with ref's method set. None when the
// literal is written elsewhere (a field's, another function's result), or
// when several of the caller's literals have the same methods.
func (q *goLang) goLiteralMethodCalled(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, ref typeRef) ([]fact.Symbol, error) {
	if caller == nil || ref.litIn != f.Path || caller.Path != f.Path {
		return nil, nil
	}
	want := q.goLiteralMethodSet(ctx, f, ref.lit)
	sig, ok := want[c.Callee]
	if !ok {
		return nil, nil
	}
	cands, err := q.named(ctx, c.Callee)
	if err != nil {
		return nil, err
	}
	var found []fact.Symbol
	for _, m := range cands {
		if m.Path != f.Path || m.Language != treesitter.Go || m.Kind != treesitter.KindMethod || m.Container != "" || !isInterfaceMethod(m) ||
			m.Span.StartByte < caller.Span.StartByte || m.Span.EndByte > caller.Span.EndByte {
			continue
		}
		fn, err := q.goEnclosingFunction(ctx, m)
		if err != nil {
			return nil, err
		}
		if fn == nil || fn.ID != caller.ID || !q.goSignatureOf(ctx, m).matches(sig) {
			continue
		}
		own, err := q.goInterfaceOf(ctx, m)
		if err != nil {
			return nil, err
		}
		if own == nil || !goCovers(own, want) || !goCovers(want, own) {
			continue
		}
		found = append(found, m)
	}
	if len(found) != 1 {
		return nil, nil
	}
	return found, nil
}
