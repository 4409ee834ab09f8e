package resolve

import (
	"context"
	"slices"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// goTypeParamResult types the result rt of calling m, a method of a Go
// generic type, on recv, when rt is one of the type's type parameters (or
// a collection of one) and recv's value is written with type arguments:
// with coll a resource.APIResourceGetter[Arm] (type APIResourceGetter[T
// Resource] interface{ Resource(name string) (T, error) }),
// coll.Resource(name) gives an Arm, as gopls types it, and a call on it
// dispatches to every type that implements Arm. ok is false when rt is no
// type parameter of m's type, or recv's arguments are not known (the value
// then stays as before: a T, of no workspace type).
func (q *goLang) goTypeParamResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv string, m fact.Symbol, rt string) (typeRef, bool, error) {
	elems := 0
	for strings.HasPrefix(rt, treesitter.GoCollectionPrefix) {
		rt = rt[len(treesitter.GoCollectionPrefix):]
		elems++
	}
	if m.Kind != treesitter.KindMethod || m.Container == "" || rt == "" || strings.ContainsAny(rt, ".[({ ") {
		return typeRef{}, false, nil
	}
	cls, err := q.classOf(ctx, &m)
	if err != nil || cls == nil {
		return typeRef{}, false, err
	}
	params := m.TypeParams // a concrete method's, as its receiver names them
	if isInterfaceMethod(m) {
		params = cls.TypeParams
	}
	at := slices.Index(params, rt)
	if at < 0 {
		return typeRef{}, false, nil
	}
	ref, err := q.evalReceiver(ctx, f, caller, recv)
	if err != nil || ref.kind != refInstance || ref.elems != 0 || ref.targs == "" || ref.class.ID != cls.ID {
		// A method promoted from an embedded generic type has that
		// type's parameters, whose arguments the embedding writes: not
		// told here.
		return typeRef{}, false, err
	}
	args := strings.Split(ref.targs, treesitter.GoResultSeparator)
	if at >= len(args) || len(args) != len(params) {
		return typeRef{}, false, nil
	}
	in := q.mustFile(ctx, ref.targsIn, f)
	out, err := q.instanceOf(ctx, in, strings.Repeat(treesitter.GoCollectionPrefix, elems)+args[at])
	return out, err == nil, err
}

// goTypeArgResult types the result rt of calling the generic function fn
// with the explicit type arguments targs, written in f, when rt is one of
// fn's type parameters (or a collection of one): a, err :=
// utils.AssertType[arm.Arm](r), with func AssertType[T any](from any)
// (T, error), is an arm.Arm, as gopls types it. ok is false when rt is no
// type parameter of fn's.
func (q *goLang) goTypeArgResult(ctx context.Context, f *fact.File, fn fact.Symbol, rt string, targs []string) (typeRef, bool, error) {
	elems := 0
	for strings.HasPrefix(rt, treesitter.GoCollectionPrefix) {
		rt = rt[len(treesitter.GoCollectionPrefix):]
		elems++
	}
	if fn.Kind != treesitter.KindFunction || len(fn.TypeParams) != len(targs) {
		return typeRef{}, false, nil
	}
	at := slices.Index(fn.TypeParams, rt)
	if at < 0 {
		return typeRef{}, false, nil
	}
	out, err := q.instanceOf(ctx, f, strings.Repeat(treesitter.GoCollectionPrefix, elems)+targs[at])
	return out, err == nil, err
}
