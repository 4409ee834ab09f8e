package resolve

import (
	"context"
	"slices"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
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
	call, found, err := q.goCallNear(ctx, caller, recv, callee)
	if err != nil || !found {
		return typeRef{}, false, err
	}
	for i, p := range fn.Params {
		if i >= len(call.Args) {
			break
		}
		base := strings.TrimLeft(p.Type, treesitter.GoCollectionPrefix)
		if base != param {
			continue
		}
		paramElems := (len(p.Type) - len(base)) / len(treesitter.GoCollectionPrefix)
		arg, err := q.evalReceiver(ctx, f, caller, strings.TrimSpace(call.Args[i]))
		if err != nil {
			return typeRef{}, false, err
		}
		if arg.kind != refInstance && !(arg.kind == refExternal && arg.ext != "") {
			return typeRef{}, false, nil // an argument of no known type: nothing inferred
		}
		if arg.elems >= paramElems {
			arg.elems -= paramElems
		} else if paramElems == 1 && arg.elems == 0 && i == len(fn.Params)-1 {
			// ids ...T given one element: T is the element's type
		} else {
			return typeRef{}, false, nil
		}
		arg.elems += resultElems
		return arg, true, nil
	}
	return typeRef{}, false, nil
}

// goCallNear is the call recv.callee(...) in caller whose result a value
// used where q.pos is holds: the last such call before q.pos (a chain's
// inner call; a local's assignment, whose scope begins where the
// statement ends).
func (q *goLang) goCallNear(ctx context.Context, caller *fact.Symbol, recv, callee string) (fact.Call, bool, error) {
	calls, err := q.callsFrom(ctx, caller.ID)
	if err != nil {
		return fact.Call{}, false, err
	}
	var best *fact.Call
	for i := range calls {
		c := &calls[i]
		if c.Ref || c.Receiver != recv || c.Callee != callee || c.Span.StartByte > q.pos {
			continue
		}
		if best == nil || c.Span.StartByte > best.Span.StartByte {
			best = c
		}
	}
	if best == nil {
		return fact.Call{}, false, nil
	}
	return *best, true, nil
}
