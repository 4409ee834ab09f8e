package resolve

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/resolve/internal/gostd"
	"github.com/callcascade/callcascade/treesitter"
)

// Type argument inference for a call of a Go generic function written
// without type arguments, as gopls infers them for the simple shapes:
// Must(NewClient()) with func Must[T any](v T, err error) T is a *Client,
// First(clients) with func First[T any](xs []T) T a *Client too. A type
// parameter is inferred from the first parameter whose type is it, or a
// collection of it, and the argument given there, evaluated in the
// caller; anything else (a parameter of a func type, a generic type
// written with the parameter) infers nothing, and the value stays as it
// was.

// goInferredResult types rt, the result of fn, a generic function called
// as recv.callee(...) by caller in f where q.pos is, when rt is one of
// fn's type parameters (or a collection of one) that the call's arguments
// give. ok is false when rt names no type parameter, the call is not
// found, or no argument gives it.
func (q *goLang) goInferredResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string, fn fact.Symbol, rt string) (typeRef, bool, error) {
	param := strings.TrimLeft(rt, treesitter.GoCollectionPrefix)
	resultElems := (len(rt) - len(param)) / len(treesitter.GoCollectionPrefix)
	if !slices.Contains(fn.TypeParams, param) {
		return typeRef{}, false, nil
	}
	call, found, err := q.callNear(ctx, caller, recv, callee)
	if err != nil || !found {
		return typeRef{}, false, err
	}
	types := make([]string, len(fn.Params))
	for i, p := range fn.Params {
		types[i] = p.Type
	}
	return q.goInferFromArgs(ctx, f, caller, types, call.Args, param, resultElems)
}

// goInferFromArgs is a value of param, a type parameter as params (a
// function's parameter types) write it, as the arguments args (as
// written, evaluated in caller) give it, a collection of resultElems
// levels of it: the first parameter whose type is param, or a collection
// of it, and the argument given there. ok is false when none gives it, or
// the argument's type is not known.
func (q *goLang) goInferFromArgs(ctx context.Context, f *fact.File, caller *fact.Symbol, params, args []string, param string, resultElems int) (typeRef, bool, error) {
	for i, p := range params {
		if i >= len(args) {
			break
		}
		base := strings.TrimLeft(p, treesitter.GoCollectionPrefix)
		if base != param {
			continue
		}
		paramElems := (len(p) - len(base)) / len(treesitter.GoCollectionPrefix)
		arg, err := q.evalReceiver(ctx, f, caller, strings.TrimSpace(args[i]))
		if err != nil {
			return typeRef{}, false, err
		}
		if arg.kind != refInstance && !(arg.kind == refExternal && arg.ext != "") {
			return typeRef{}, false, nil // an argument of no known type: nothing inferred
		}
		if arg.elems >= paramElems {
			arg.elems -= paramElems
		} else if paramElems == 1 && arg.elems == 0 && i == len(params)-1 {
			// ids ...T given one element: T is the element's type
		} else {
			return typeRef{}, false, nil
		}
		arg.elems += resultElems
		return arg, true, nil
	}
	return typeRef{}, false, nil
}

// goStdGenericResult types the result at index result of key, a standard
// library generic function ("slices.Clone") or a method of a generic type
// ("sync/atomic.Pointer.Load") called on recv (a value whose type
// arguments are known: ref.targs), when that result is one of the type
// parameters (gostd's "$0", or a collection of one): the method's from
// ref's type arguments (cur atomic.Pointer[Client]: Load gives a
// *Client), the function's from the call's arguments as goInferredResult
// infers them (args as written, or else the call recv.callee(...) nearest
// before q.pos). ok is false for any other result.
func (q *goLang) goStdGenericResult(ctx context.Context, f *fact.File, caller *fact.Symbol, key string, result int, ref typeRef, args []string, recv, callee string) (typeRef, bool, error) {
	sig, ok := gostd.Generic(key)
	if !ok || result >= len(sig.GenericResults) {
		return typeRef{}, false, nil
	}
	rt := sig.GenericResults[result]
	param := strings.TrimLeft(rt, treesitter.GoCollectionPrefix)
	resultElems := (len(rt) - len(param)) / len(treesitter.GoCollectionPrefix)
	at, err := strconv.Atoi(strings.TrimPrefix(param, "$"))
	if !strings.HasPrefix(param, "$") || err != nil {
		return typeRef{}, false, nil
	}
	if ref.kind == refExternal && ref.ext != "" && ref.mod == "" {
		targs := strings.Split(ref.targs, treesitter.GoResultSeparator)
		if ref.targs == "" || at >= len(targs) {
			return typeRef{}, false, nil
		}
		out, err := q.instanceOf(ctx, q.mustFile(ctx, ref.targsIn, f), strings.Repeat(treesitter.GoCollectionPrefix, resultElems)+targs[at])
		return out, err == nil, err
	}
	if caller == nil {
		return typeRef{}, false, nil
	}
	if args == nil && callee != "" {
		call, found, err := q.callNear(ctx, caller, recv, callee)
		if err != nil || !found {
			return typeRef{}, false, err
		}
		args = call.Args
	}
	return q.goInferFromArgs(ctx, f, caller, sig.GenericParams, args, param, resultElems)
}

// goErrorLocal reports whether a Go local named name, bound to typ, whose
// value evaluates to ref, is taken for an error: a value of no known type
// given by a call of a function or method outside the workspace whose
// signature is not read (a dependency's, with the module cache not read),
// bound to err or a name ending in err (rerr, writeErr; not stderr). Go's
// convention makes such a value the call's error result, as gopls types
// it, so that err.Error() is a call through error: every Error of a type
// in the package that satisfies it, as gopls relates it (minio's
// kvBytes, err := madmin.DecryptData(...); err.Error()).
func goErrorLocal(name, typ string, ref typeRef) bool {
	if ref.kind != refExternal || ref.ext != "" || ref.elems != 0 || ref.mod != "" || ref.targs != "" || ref.lit != "" {
		return false
	}
	lower := strings.ToLower(name)
	if !strings.HasSuffix(lower, "err") || strings.HasSuffix(lower, "stderr") {
		return false
	}
	if _, _, rest, scoped := treesitter.CutScope(typ); scoped {
		typ = rest
	}
	return strings.HasPrefix(typ, treesitter.CallTypePrefix)
}
