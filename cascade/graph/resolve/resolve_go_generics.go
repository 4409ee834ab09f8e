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
	cls, at, elems, err := q.goResultTypeParam(ctx, m, rt)
	if err != nil || cls == nil {
		return typeRef{}, false, err
	}
	ref, err := q.evalReceiver(ctx, f, caller, recv)
	if err != nil || ref.kind != refInstance || ref.elems != 0 {
		return typeRef{}, false, err
	}
	if ref.class.ID != cls.ID {
		// A method promoted from an embedded generic type has that type's
		// parameters, whose arguments the embedding writes: Container
		// embedding ContainerMutations[Container], whose SetImage returns
		// T, gives a Container (testkube's builder chains).
		return q.goPromotedTypeArg(ctx, ref.class, *cls, at, elems, 0)
	}
	if ref.targs == "" {
		return typeRef{}, false, nil
	}
	args := strings.Split(ref.targs, treesitter.GoResultSeparator)
	if at >= len(args) || len(args) != len(cls.TypeParams) {
		return typeRef{}, false, nil
	}
	in := q.mustFile(ctx, ref.targsIn, f)
	out, err := q.instanceOf(ctx, in, strings.Repeat(treesitter.GoCollectionPrefix, elems)+args[at])
	return out, err == nil, err
}

// goPromotedResult types the result rt of calling m, a method of a Go
// generic type, on a value of the type cls that embeds m's type with type
// arguments (written without them on the value): a Container, embedding
// ContainerMutations[Container] whose SetImage returns T, gives a
// Container from SetImage(...), as gopls types it. ok is false when rt is
// no type parameter of m's type or cls is m's type itself.
func (q *goLang) goPromotedResult(ctx context.Context, cls, m fact.Symbol, rt string) (typeRef, bool, error) {
	owner, at, elems, err := q.goResultTypeParam(ctx, m, rt)
	if err != nil || owner == nil || owner.ID == cls.ID {
		return typeRef{}, false, err
	}
	return q.goPromotedTypeArg(ctx, cls, *owner, at, elems, 0)
}

// goResultTypeParam is, for rt, a result type of m, a method of a Go
// generic type, that type, the index of the type parameter rt names (or
// is a collection of, elems levels deep) among its parameters as m's
// declaration names them; a nil type when rt names none.
func (q *goLang) goResultTypeParam(ctx context.Context, m fact.Symbol, rt string) (owner *fact.Symbol, at, elems int, err error) {
	for strings.HasPrefix(rt, treesitter.GoCollectionPrefix) {
		rt = rt[len(treesitter.GoCollectionPrefix):]
		elems++
	}
	if m.Kind != treesitter.KindMethod || m.Container == "" || rt == "" || strings.ContainsAny(rt, ".[({ ") {
		return nil, 0, 0, nil
	}
	owner, err = q.classOf(ctx, &m)
	if err != nil || owner == nil {
		return nil, 0, 0, err
	}
	params := m.TypeParams // a concrete method's, as its receiver names them
	if isInterfaceMethod(m) {
		params = owner.TypeParams
	}
	if at = slices.Index(params, rt); at < 0 {
		return nil, 0, 0, nil
	}
	return owner, at, elems, nil
}

// goPromotedTypeArg is the type argument at index at that holder, a Go
// type, writes for owner, a generic type it embeds (directly, or through
// an embedded type written without arguments), as a value (a collection of
// elems levels of it); ok is false when holder embeds owner nowhere with
// arguments.
func (q *goLang) goPromotedTypeArg(ctx context.Context, holder, owner fact.Symbol, at, elems, depth int) (typeRef, bool, error) {
	if depth > 3 || len(holder.Extends) == 0 {
		return typeRef{}, false, nil
	}
	hf, err := q.file(ctx, holder.Path)
	if err != nil || hf == nil {
		return typeRef{}, false, err
	}
	for i, embedded := range holder.Extends {
		written := embedded
		if i < len(holder.ExtendsWritten) {
			written = holder.ExtendsWritten[i]
		}
		_, args := treesitter.GoCutTypeArgs(written)
		base, err := q.resolveTypeName(ctx, hf, strings.TrimPrefix(embedded, "*"))
		if err != nil {
			return typeRef{}, false, err
		}
		if base == nil {
			continue
		}
		if base.ID == owner.ID {
			if at >= len(args) || len(args) != len(owner.TypeParams) {
				return typeRef{}, false, nil
			}
			out, err := q.instanceOf(ctx, hf, strings.Repeat(treesitter.GoCollectionPrefix, elems)+args[at])
			return out, err == nil, err
		}
		if len(args) == 0 {
			if out, ok, err := q.goPromotedTypeArg(ctx, *base, owner, at, elems, depth+1); err != nil || ok {
				return out, ok, err
			}
		}
	}
	return typeRef{}, false, nil
}

// goTypeArgResult types the result rt of calling the generic function fn
// with the explicit type arguments targs, written in f, when rt is one of
// fn's type parameters (or a collection of one): a, err :=
// utils.AssertType[arm.Arm](r), with func AssertType[T any](from any)
// (T, error), is an arm.Arm, as gopls types it. ok is false when rt is no
// type parameter of fn's.
//
// When the result is a generic type instantiated with fn's type
// parameters (func Lookup[T Resource](api API) (Registration[T], bool,
// error)), the value is that type with the arguments in their place: a
// Registration[Arm], whose fields and methods of type T give Arms
// (goGenericFieldCallResult, goTypeParamResult).
func (q *goLang) goTypeArgResult(ctx context.Context, f *fact.File, fn fact.Symbol, rt string, result int, targs []string) (typeRef, bool, error) {
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
		return q.goInstantiatedResult(ctx, f, fn, rt, result, targs)
	}
	out, err := q.instanceOf(ctx, f, strings.Repeat(treesitter.GoCollectionPrefix, elems)+targs[at])
	return out, err == nil, err
}

// goInstantiatedResult is goTypeArgResult for a result rt that is a
// generic type written with fn's type parameters as its arguments
// (Registration[T], a pointer to one too): an instance of it, with targs
// (written in f) in their place. ok is false for a result written any
// other way, an argument that is no type parameter of fn's included.
func (q *goLang) goInstantiatedResult(ctx context.Context, f *fact.File, fn fact.Symbol, rt string, result int, targs []string) (typeRef, bool, error) {
	if result >= len(fn.ResultsWritten) {
		return typeRef{}, false, nil
	}
	base, written := treesitter.GoCutTypeArgs(fn.ResultsWritten[result])
	if base != rt || len(written) == 0 {
		return typeRef{}, false, nil
	}
	args := make([]string, len(written))
	for i, w := range written {
		at := slices.Index(fn.TypeParams, w)
		if at < 0 {
			return typeRef{}, false, nil
		}
		args[i] = targs[at]
	}
	ff, err := q.file(ctx, fn.Path)
	if err != nil || ff == nil {
		return typeRef{}, false, err
	}
	ref, err := q.instanceOf(ctx, ff, rt)
	if err != nil || ref.kind != refInstance || ref.elems != 0 || len(ref.class.TypeParams) != len(args) {
		return typeRef{}, false, err
	}
	ref.targs, ref.targsIn = strings.Join(args, treesitter.GoResultSeparator), f.Path
	return ref, true, nil
}

// goGenericFieldCallResult types the result of calling the field callee of
// ref, an instance of a Go generic struct written with type arguments
// (ref.targs), when the field is a func whose result is one of the
// struct's type parameters: with reg a Registration[Arm] (type
// Registration[T Resource] struct{ RPCClient CreateClient[T] }, type
// CreateClient[T Resource] func(...) (T, error)), reg.RPCClient(...) gives
// an Arm, as gopls types it. A field of an unnamed func type (Other
// func() (T, error)) the same. ok is false for any other field, and for
// one promoted from an embedded type (whose parameters are its own).
func (q *goLang) goGenericFieldCallResult(ctx context.Context, f *fact.File, ref typeRef, callee string, result int) (typeRef, bool, error) {
	typ, cf, params, args, err := q.goOwnGenericField(ctx, ref, callee)
	if err != nil || cf == nil {
		return typeRef{}, false, err
	}
	var rt string
	if results, isFunc := strings.CutPrefix(typ, treesitter.GoFuncPrefix); isFunc {
		rt = treesitter.GoResult(results, result) // Other func(name string) (T, error)
	} else {
		// RPCClient CreateClient[T]: CreateClient's result of its own
		// parameter is the field's argument in its place.
		base, fargs := treesitter.GoCutTypeArgs(typ)
		if len(fargs) == 0 {
			return typeRef{}, false, nil
		}
		fn, err := q.resolveTypeName(ctx, cf, base)
		if err != nil || fn == nil || fn.Language != treesitter.Go || len(fn.TypeParams) != len(fargs) {
			return typeRef{}, false, err
		}
		results, isFunc := strings.CutPrefix(fn.Returns, treesitter.GoFuncPrefix)
		if !isFunc {
			return typeRef{}, false, nil
		}
		r := treesitter.GoResult(results, result)
		elems := 0
		for strings.HasPrefix(r, treesitter.GoCollectionPrefix) {
			r = r[len(treesitter.GoCollectionPrefix):]
			elems++
		}
		at := slices.Index(fn.TypeParams, r)
		if at < 0 {
			return typeRef{}, false, nil
		}
		rt = strings.Repeat(treesitter.GoCollectionPrefix, elems) + fargs[at]
	}
	return q.goTypeArgument(ctx, f, ref, params, args, rt)
}

// goOwnField is the field name declared in the Go struct cls itself (its
// type as written, with its type arguments), and the file it is written
// in; a nil file when cls declares no such field (one promoted from an
// embedded type has that type's parameters, not cls's).
func (q *goLang) goOwnField(ctx context.Context, cls fact.Symbol, name string) (treesitter.Field, *fact.File, error) {
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return treesitter.Field{}, nil, err
	}
	for _, fl := range cf.Fields {
		if fl.Container == cls.Name && fl.Name == name {
			return fl, cf, nil
		}
	}
	return treesitter.Field{}, nil, nil
}

// goTypeParamField types the field name of ref, an instance of a Go
// generic struct written with type arguments, when the field's type is
// one of the struct's type parameters (or a collection of one): with reg
// a Registration[Arm] (struct{ Default T }), reg.Default is an Arm. ok is
// false for any other field.
func (q *goLang) goTypeParamField(ctx context.Context, f *fact.File, ref typeRef, name string) (typeRef, bool, error) {
	typ, cf, params, args, err := q.goOwnGenericField(ctx, ref, name)
	if err != nil || cf == nil {
		return typeRef{}, false, err
	}
	return q.goTypeArgument(ctx, f, ref, params, args, typ)
}

// goOwnGenericField is the field name declared by ref's Go generic struct
// itself (goOwnField), with the struct's type parameters and ref's type
// arguments; a nil file unless ref is an instance written with as many
// type arguments as the struct has parameters and the struct declares the
// field.
func (q *goLang) goOwnGenericField(ctx context.Context, ref typeRef, name string) (typ string, cf *fact.File, params, args []string, err error) {
	if ref.kind != refInstance || ref.elems != 0 || ref.targs == "" || ref.class.Language != treesitter.Go {
		return "", nil, nil, nil, nil
	}
	params = ref.class.TypeParams
	args = strings.Split(ref.targs, treesitter.GoResultSeparator)
	if len(params) == 0 || len(args) != len(params) {
		return "", nil, nil, nil, nil
	}
	fl, cf, err := q.goOwnField(ctx, ref.class, name)
	return fl.Type, cf, params, args, err
}

// goTypeArgument types t, one of ref's struct's type parameters or a
// collection of one, as the type argument ref was written with in its
// place; ok is false when t is no type parameter.
func (q *goLang) goTypeArgument(ctx context.Context, f *fact.File, ref typeRef, params, args []string, t string) (typeRef, bool, error) {
	elems := 0
	for strings.HasPrefix(t, treesitter.GoCollectionPrefix) {
		t = t[len(treesitter.GoCollectionPrefix):]
		elems++
	}
	at := slices.Index(params, t)
	if at < 0 {
		return typeRef{}, false, nil
	}
	out, err := q.instanceOf(ctx, q.mustFile(ctx, ref.targsIn, f), strings.Repeat(treesitter.GoCollectionPrefix, elems)+args[at])
	return out, err == nil, err
}

// goFieldConstraint is, for the field name of cls, a Go generic struct,
// whose type t is one of cls's type parameters (or a collection of one),
// the named interface constraining that parameter in cls's declaration
// (with t's collection prefix), for a value of cls whose type arguments
// are not known: e.Getter, in a method of Extractor[REQ, RESP, G
// Getter[REQ, RESP]] whose Getter is a G, is called through Getter, as
// gopls relates it. ok is false when t names no type parameter of cls;
// the constraint is "" when it is no named interface (any, a union, an
// interface literal): such a value calls no method of the workspace known
// here.
func (q *goLang) goFieldConstraint(ctx context.Context, cls fact.Symbol, name, t string) (string, bool, error) {
	param := strings.TrimLeft(t, treesitter.GoCollectionPrefix)
	if len(cls.TypeParams) == 0 || !slices.Contains(cls.TypeParams, param) {
		return "", false, nil
	}
	fl, cf, err := q.goOwnField(ctx, cls, name)
	if err != nil || cf == nil {
		return "", false, err // or promoted from an embedded type: its parameters, not cls's
	}
	if fl.Constraint == "" {
		return "", true, nil
	}
	return t[:len(t)-len(param)] + fl.Constraint, true, nil
}

// goTypeParamValue types a value declared in caller, a Go function or
// method, with the type typ when typ names one of caller's type
// parameters (or is a collection of one): a function's own, or those its
// receiver names for its generic type. The value is one of the
// parameter's named constraint, read where the function or the type
// declares it (func (m *manager[T]) create(specs T), manager[T Spec]
// declared in another file: specs.Validate() is Spec's Validate, as gopls
// relates it); unknown when the constraint is no named interface (a value
// of a type parameter is never of a type outside the workspace). ok is
// false when typ names no type parameter of caller's.
func (q *goLang) goTypeParamValue(ctx context.Context, f *fact.File, caller *fact.Symbol, typ string) (typeRef, bool, error) {
	param := strings.TrimLeft(typ, treesitter.GoCollectionPrefix)
	at := slices.Index(caller.TypeParams, param)
	if at < 0 || param == "" {
		return typeRef{}, false, nil
	}
	owner := caller
	if caller.Kind == treesitter.KindMethod && caller.Container != "" {
		cls, err := q.classOf(ctx, caller)
		if err != nil || cls == nil || len(cls.TypeParams) != len(caller.TypeParams) {
			return typeRef{kind: refUnknown}, err == nil, err
		}
		owner = cls
	}
	if at >= len(owner.TypeConstraints) || owner.TypeConstraints[at] == "" {
		return typeRef{kind: refUnknown}, true, nil
	}
	in := q.mustFile(ctx, owner.Path, f)
	ref, err := q.instanceOf(ctx, in, typ[:len(typ)-len(param)]+owner.TypeConstraints[at])
	return ref, err == nil, err
}

// goConstrainedTypeArgs is targs, the type arguments a field of cls, a Go
// generic struct, is written with, with each that names one of cls's own
// type parameters (or a collection of one) put as the parameter's named
// constraint, for a value of cls whose type arguments are not known:
// store Store[T] in Service[T Entity] is a Store[Entity] there, whose Get
// gives an Entity, as gopls relates the calls on it. An argument whose
// parameter has no named constraint stays as written (it names no type).
// The constraints are written where cls is declared, as the field is.
func goConstrainedTypeArgs(cls fact.Symbol, targs []string) []string {
	if len(cls.TypeConstraints) != len(cls.TypeParams) {
		return targs
	}
	var out []string
	for i, a := range targs {
		param := strings.TrimLeft(a, treesitter.GoCollectionPrefix)
		at := slices.Index(cls.TypeParams, param)
		if at < 0 || cls.TypeConstraints[at] == "" {
			continue
		}
		if out == nil {
			out = slices.Clone(targs)
		}
		out[i] = a[:len(a)-len(param)] + cls.TypeConstraints[at]
	}
	if out == nil {
		return targs
	}
	return out
}

// goInstanceMethodResult types the result of calling the method name on
// ref, an instance of a Go generic type written with type arguments, when
// that result is one of the type's parameters (or a collection of one):
// with s.store a Store[Entity] (type Store[E any] interface{ Get(id
// string) E }), s.store.Get(id) is an Entity, as gopls types it, in a
// chain as in a local's value (goTypeParamResult). ok is false for any
// other result, and for a method promoted from an embedded type.
func (q *goLang) goInstanceMethodResult(ctx context.Context, f *fact.File, ref typeRef, name string) (typeRef, bool, error) {
	cands, err := q.named(ctx, name)
	if err != nil {
		return typeRef{}, false, err
	}
	methods, err := q.methodOf(ctx, ref.class, name, cands, 0)
	if err != nil || len(methods) != 1 {
		return typeRef{}, false, err
	}
	owner, at, elems, err := q.goResultTypeParam(ctx, methods[0], resultType(methods[0], 0))
	if err != nil || owner == nil || owner.ID != ref.class.ID {
		return typeRef{}, false, err
	}
	args := strings.Split(ref.targs, treesitter.GoResultSeparator)
	if at >= len(args) || len(args) != len(owner.TypeParams) {
		return typeRef{}, false, nil
	}
	out, err := q.instanceOf(ctx, q.mustFile(ctx, ref.targsIn, f), strings.Repeat(treesitter.GoCollectionPrefix, elems)+args[at])
	return out, err == nil, err
}

// goSubstitutedTypeArgs is targs, the type arguments a field of ref's Go
// generic struct is written with (in the file writtenIn), with each that
// names one of the struct's type parameters put as ref's argument in its
// place (store Store[T] of a Service[User] is a Store[User]), and the file
// the result's arguments are written in. ref's arguments are written in
// another file than the field's; when some arguments are substituted and
// others not, and the files differ, targs stay as written.
func goSubstitutedTypeArgs(ref typeRef, targs []string, writtenIn string) ([]string, string) {
	params := ref.class.TypeParams
	args := strings.Split(ref.targs, treesitter.GoResultSeparator)
	if ref.targs == "" || len(params) == 0 || len(args) != len(params) {
		return targs, writtenIn
	}
	out := slices.Clone(targs)
	substituted := 0
	for i, a := range targs {
		param := strings.TrimLeft(a, treesitter.GoCollectionPrefix)
		if at := slices.Index(params, param); at >= 0 {
			out[i] = a[:len(a)-len(param)] + args[at]
			substituted++
		}
	}
	switch {
	case substituted == 0:
		return targs, writtenIn
	case substituted == len(targs):
		return out, ref.targsIn
	case ref.targsIn == writtenIn:
		return out, writtenIn
	}
	return targs, writtenIn
}
