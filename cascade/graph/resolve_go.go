package graph

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// goSignature is what Go's method sets are compared on: parameter and
// result counts. Names alone would let a Value() with no parameters
// implement an interface's Value(ctx).
type goSignature struct {
	params, results int
}

func goSignatureOf(m Symbol) goSignature {
	params := len(m.Params)
	if m.Kind == treesitter.KindMethod && m.Container != "" && !isInterfaceMethod(m) && params > 0 {
		params-- // the receiver comes first
	}
	results := 0
	if m.Returns != "" {
		results = strings.Count(m.Returns, treesitter.GoResultSeparator) + 1
	}
	return goSignature{params: params, results: results}
}

// isInterfaceMethod reports whether a Go method symbol is declared in an
// interface: such methods have a receiver-less parameter list, and no body.
func isInterfaceMethod(m Symbol) bool {
	// A method declaration's span starts at "func"; a method_elem's at its name.
	return m.Span.StartByte == m.Selection.StartByte
}

// goImplements checks Go's structural typing: t's method set (its own
// methods and those promoted from embedded types) has every method of
// iface's (its own and its embedded interfaces'), with the same numbers of
// parameters and results.
func (q *query) goImplements(ctx context.Context, t, iface Symbol) bool {
	want := q.goMethodSet(ctx, iface)
	if len(want) == 0 {
		return false // the empty interface, or methods we could not see
	}
	for name, sig := range want {
		cands, err := q.named(ctx, name)
		if err != nil {
			return false
		}
		found, err := q.methodOf(ctx, t, name, cands, 0)
		if err != nil || len(found) == 0 {
			return false
		}
		if goSignatureOf(found[0]) != sig {
			return false
		}
	}
	return true
}

// goMethodSet lists an interface's methods, its embedded interfaces'
// included. It is nil when an embedded interface cannot be seen (one from
// outside the workspace other than error): the set would be incomplete.
func (q *query) goMethodSet(ctx context.Context, iface Symbol) map[string]goSignature {
	if q.methods == nil {
		q.methods = map[string]map[string]goSignature{}
	}
	if set, ok := q.methods[iface.ID]; ok {
		return set
	}
	q.methods[iface.ID] = nil // embedding cycles in broken code end here
	syms, err := q.store.SymbolsInFile(ctx, iface.Path)
	if err != nil {
		return nil
	}
	set := map[string]goSignature{}
	for _, s := range syms {
		if s.Container == iface.Name && s.Kind == treesitter.KindMethod && s.Span.StartByte >= iface.Span.StartByte && s.Span.EndByte <= iface.Span.EndByte {
			set[s.Name] = goSignatureOf(s)
		}
	}
	f, err := q.file(ctx, iface.Path) // embedded names are written with its imports
	if err != nil || f == nil {
		return nil
	}
	for _, embedded := range iface.Extends {
		if embedded == "error" {
			set["Error"] = goSignature{params: 0, results: 1}
			continue
		}
		base, err := q.resolveTypeName(ctx, f, embedded)
		if err != nil || base == nil || base.Kind != treesitter.KindInterface {
			return nil
		}
		more := q.goMethodSet(ctx, *base)
		if more == nil {
			return nil
		}
		for name, sig := range more {
			set[name] = sig
		}
	}
	q.methods[iface.ID] = set
	return set
}

// goAssertedType is the type name a type assertion names: x.(*hcl.Block)
// asserts hcl.Block.
func goAssertedType(t string) string {
	t = strings.TrimLeft(strings.TrimSpace(t), "*")
	if i := strings.IndexByte(t, '['); i >= 0 { // generic instantiation
		t = t[:i]
	}
	return t
}

// declaredInFunction reports whether a symbol is declared inside a function
// (its qualified name has an enclosing symbol: "path#Func.localType").
func declaredInFunction(s Symbol) bool {
	qualified := strings.TrimPrefix(s.ID, s.Path+"#")
	return strings.Contains(qualified, ".")
}

// implementsInterfaceMethod reports whether the Go method m implements the
// interface method iface: it has its name and m's type implements iface's
// interface. gopls lists calls of m among the callers of iface.
// Interfaces declared in a function are left out: gopls lists calls through
// them among the implementations' callers, but not the other way round.
func (q *query) implementsInterfaceMethod(ctx context.Context, m, iface Symbol) (bool, error) {
	if iface.Language != treesitter.Go || !isInterfaceMethod(iface) {
		return false, nil
	}
	cls, err := q.classOf(ctx, &iface)
	if err != nil || cls == nil || declaredInFunction(*cls) {
		return false, err
	}
	return q.dispatches(ctx, iface, m)
}
