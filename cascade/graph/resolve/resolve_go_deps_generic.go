package resolve

import (
	"context"
	"go/ast"
	"slices"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A dependency's generic types and functions, instantiated with the
// project's types. gopls type-checks a dependency's package, so with
// sessions a cmap.ConcurrentMap[int64, ISession] (of
// github.com/orcaman/concurrent-map/v2), session, ok :=
// sessions.Get(cid) is an ISession there, and session.Write(...) a call
// of ISession.Write. The dependency's source is read as for its method
// sets (resolve_go_deps.go, the same rules on what may be read); what a
// generic type's methods return and its fields hold is kept in terms of
// its type parameters, and the value's type arguments, written in the
// project (typeRef.targs), are put in their place.

// goDepGeneric is what a dependency's generic type or function gives, in
// terms of its type parameters: each method's results (a function's under
// ""), and each field's type.
type goDepGeneric struct {
	results map[string][]goDepExpr
	fields  map[string]goDepExpr
}

// goDepExpr is a type written in a dependency's generic declaration: one
// of the type parameters in scope (param, its index), a predeclared type
// (builtin), or a named type (key) with its type arguments; inside elems
// collection wrappers, the outermost a channel when chanOuter. A type
// none of these describes has no param, builtin or key.
type goDepExpr struct {
	elems     int
	chanOuter bool
	param     int
	builtin   string
	key       string
	args      []goDepExpr
}

// merge adds other's results and fields to g (g may be nil).
func (g *goDepGeneric) merge(other *goDepGeneric) *goDepGeneric {
	if other == nil {
		return g
	}
	if g == nil {
		return other
	}
	for name, rs := range other.results {
		if g.results == nil {
			g.results = map[string][]goDepExpr{}
		}
		g.results[name] = rs
	}
	for name, e := range other.fields {
		if g.fields == nil {
			g.fields = map[string]goDepExpr{}
		}
		g.fields[name] = e
	}
	return g
}

// addResults records what the method name (a function's: "") declared
// with ft returns, in terms of tps, the type parameters in scope in the
// order the type (or function) declares them.
func (g *goDepGeneric) addResults(w goDepWriter, name string, tps []*ast.Ident, ft *ast.FuncType) {
	if ft.Results == nil {
		return
	}
	var rs []goDepExpr
	for _, f := range ft.Results.List {
		e := w.expr(f.Type, tps)
		for range max(1, len(f.Names)) {
			rs = append(rs, e)
		}
	}
	if g.results == nil {
		g.results = map[string][]goDepExpr{}
	}
	g.results[name] = rs
}

// genericStruct is what a generic struct's named fields hold; nil for a
// type without type parameters.
func (w goDepWriter) genericStruct(params *ast.FieldList, st *ast.StructType) *goDepGeneric {
	tps := fieldNames(params)
	if len(tps) == 0 || st.Fields == nil {
		return nil
	}
	g := &goDepGeneric{fields: map[string]goDepExpr{}}
	for _, fd := range st.Fields.List {
		e := w.expr(fd.Type, tps)
		for _, n := range fd.Names {
			g.fields[n.Name] = e
		}
	}
	return g
}

// genericInterface is what a generic interface's methods return; nil for
// an interface without type parameters.
func (w goDepWriter) genericInterface(params *ast.FieldList, it *ast.InterfaceType) *goDepGeneric {
	tps := fieldNames(params)
	if len(tps) == 0 || it.Methods == nil {
		return nil
	}
	g := &goDepGeneric{}
	for _, m := range it.Methods.List {
		if ft, ok := m.Type.(*ast.FuncType); ok {
			for _, n := range m.Names {
				g.addResults(w, n.Name, tps, ft)
			}
		}
	}
	return g
}

// expr describes e, written in the dependency's file with the type
// parameters tps in scope.
func (w goDepWriter) expr(e ast.Expr, tps []*ast.Ident) goDepExpr {
	switch x := e.(type) {
	case *ast.StarExpr:
		return w.expr(x.X, tps)
	case *ast.ParenExpr:
		return w.expr(x.X, tps)
	case *ast.ArrayType:
		return w.expr(x.Elt, tps).wrapped(false)
	case *ast.MapType:
		return w.expr(x.Value, tps).wrapped(false)
	case *ast.ChanType:
		return w.expr(x.Value, tps).wrapped(true)
	case *ast.Ident:
		if i := slices.IndexFunc(tps, func(tp *ast.Ident) bool { return tp.Name == x.Name && x.Name != "_" }); i >= 0 {
			return goDepExpr{param: i}
		}
		if goBuiltinTypes[x.Name] || x.Name == "any" {
			return goDepExpr{param: -1, builtin: x.Name}
		}
		return goDepExpr{param: -1, key: w.key(x)}
	case *ast.SelectorExpr:
		return goDepExpr{param: -1, key: w.key(x)}
	case *ast.IndexExpr:
		return goDepExpr{param: -1, key: w.key(x.X), args: []goDepExpr{w.expr(x.Index, tps)}}
	case *ast.IndexListExpr:
		out := goDepExpr{param: -1, key: w.key(x.X)}
		for _, i := range x.Indices {
			out.args = append(out.args, w.expr(i, tps))
		}
		return out
	}
	return goDepExpr{param: -1}
}

// wrapped is e inside one more collection wrapper, a channel when ch.
func (e goDepExpr) wrapped(ch bool) goDepExpr {
	e.elems++
	e.chanOuter = ch
	return e
}

// written is e written as the project writes a type (goTypeWithArgs's
// arguments), with args in place of the type parameters; ok is false when
// e is no type parameter or predeclared type.
func (e goDepExpr) written(args []string) (string, bool) {
	prefix := strings.Repeat(treesitter.GoCollectionPrefix, e.elems)
	switch {
	case e.param >= 0 && e.param < len(args):
		return prefix + args[e.param], true
	case e.builtin != "":
		return prefix + e.builtin, true
	}
	return "", false
}

// goDepTyped types e, with args, written in the file argsIn, in place of
// the type parameters: a type parameter is its argument (a project type,
// an outside one, a collection of either), a dependency's generic type
// instantiated with them is that type with its arguments known. ok is
// false for anything else: the value is then typed as before (outside).
func (q *goLang) goDepTyped(ctx context.Context, f *fact.File, e goDepExpr, args []string, argsIn string) (typeRef, bool, error) {
	if e.param >= 0 {
		w, ok := e.written(args)
		if !ok {
			return typeRef{}, false, nil
		}
		ref, err := q.instanceOf(ctx, q.mustFile(ctx, argsIn, f), w)
		if err != nil {
			return typeRef{}, false, err
		}
		ref.chanOuter = e.chanOuter
		return ref, true, nil
	}
	if e.key == "" || len(e.args) == 0 {
		return typeRef{}, false, nil
	}
	out := typeRef{kind: refExternal, ext: e.key, elems: e.elems, chanOuter: e.chanOuter}
	var written []string
	for _, a := range e.args {
		w, ok := a.written(args)
		if !ok {
			return out, true, nil // Tuple[K, other.T]: a dependency's type, its arguments not all known
		}
		written = append(written, w)
	}
	out.targs, out.targsIn = strings.Join(written, treesitter.GoResultSeparator), argsIn
	return out, true, nil
}

// goDepGenericOf is what the dependency's generic type key (an outside
// value's typeRef.ext) gives, read for the module of the file at
// (workspace-relative); nil when it is none or cannot be read.
func (q *goLang) goDepGenericOf(at, key string) *goDepGeneric {
	if q.r.Root == "" || at == "" || !strings.Contains(strings.SplitN(key, "/", 2)[0], ".") {
		return nil
	}
	modDir := q.goModDirOf(at)
	if modDir == "" {
		return nil
	}
	q.r.goDeps.setRoot(q.r.Root)
	_, t, _ := q.r.goDeps.lookup(modDir, key, false)
	if t == nil {
		return nil
	}
	return t.generic
}

// goDepMember types what ref, a value of a dependency's generic type
// written with type arguments, gives for name: the result at index result
// of calling its method name (call), or its field name. ok is false when
// the dependency's declaration cannot be read or the member gives nothing
// goDepTyped knows.
func (q *goLang) goDepMember(ctx context.Context, f *fact.File, ref typeRef, name string, call bool, result int) (typeRef, bool, error) {
	if ref.kind != refExternal || ref.ext == "" || ref.elems != 0 || ref.targs == "" {
		return typeRef{}, false, nil
	}
	g := q.goDepGenericOf(ref.targsIn, ref.ext)
	if g == nil {
		return typeRef{}, false, nil
	}
	var e goDepExpr
	if call {
		rs, ok := g.results[name]
		if !ok || result >= len(rs) {
			return typeRef{}, false, nil
		}
		e = rs[result]
	} else {
		fe, ok := g.fields[name]
		if !ok {
			return typeRef{}, false, nil
		}
		e = fe
	}
	return q.goDepTyped(ctx, f, e, strings.Split(ref.targs, treesitter.GoResultSeparator), ref.targsIn)
}

// goDepFuncResult types the result at index result of calling pkg.name
// with the explicit type arguments targs, written in f, when pkg is a
// dependency's package imported in f and name one of its generic
// functions: cmap.NewWithCustomShardingFunction[int64, ISession](fnv32)
// is a ConcurrentMap[int64, ISession], whose Get gives an ISession.
func (q *goLang) goDepFuncResult(ctx context.Context, f *fact.File, caller *fact.Symbol, pkg, name string, result int, targs []string) (typeRef, bool, error) {
	module, ok := goOutsideImport(f, pkg)
	if !ok || q.localNamed(f, caller, pkg) != nil || q.r.Root == "" || !strings.Contains(strings.SplitN(module, "/", 2)[0], ".") {
		return typeRef{}, false, nil
	}
	modDir := q.goModDirOf(f.Path)
	if modDir == "" {
		return typeRef{}, false, nil
	}
	q.r.goDeps.setRoot(q.r.Root)
	dir := q.r.goDeps.packageDir(modDir, module)
	if dir == "" {
		return typeRef{}, false, nil
	}
	p := q.r.goDeps.pkg(dir, module)
	if p == nil || p.funcs[name] == nil {
		return typeRef{}, false, nil
	}
	rs := p.funcs[name].results[""]
	if result >= len(rs) {
		return typeRef{}, false, nil
	}
	return q.goDepTyped(ctx, f, rs[result], targs, f.Path)
}
