package resolve

import (
	"context"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// language is what the core asks of one language's resolver when it types
// a name or a call's result: the points where languages bind names
// differently. Each answer's ok is false when the language has nothing to
// say, and the core goes on with its own rules. The languages without rules
// of their own (TypeScript, JavaScript, Java) answer with the core's.
type language interface {
	// local types name as a local or parameter of caller. found is false
	// when no local binds it.
	local(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (ref typeRef, found bool, err error)
	// moduleName types name as a module path the file imported whole
	// (Python's import a.b), asked before type names.
	moduleName(ctx context.Context, f *fact.File, name string) (typeRef, bool)
	// unbound types a name that no local, import or type name binds
	// (Python's decorated functions, Go's package variables).
	unbound(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (typeRef, bool, error)
	// callResult types what callee (on recv, "" for none) returns, where
	// the language has a rule of its own; result is the index of the
	// result wanted (Go's multiple results).
	callResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string, result int) (typeRef, bool, error)
}

// lang is the resolver of f's language for this request.
func (q *query) lang(f *fact.File) language {
	switch f.Language {
	case treesitter.Go:
		return q.golang()
	case treesitter.Python:
		return q.python()
	}
	return coreLang{q}
}

// golang is the request's Go resolver.
func (q *query) golang() *goLang {
	if q.goLang == nil {
		q.goLang = &goLang{query: q}
	}
	return q.goLang
}

// python is the request's Python resolver.
func (q *query) python() *pyLang {
	if q.pyLang == nil {
		q.pyLang = &pyLang{query: q}
	}
	return q.pyLang
}

// frameworks is the request's framework side.
func (q *query) frameworks() frameworkEdges {
	if q.fw == nil {
		q.fw = &frameworkView{query: q}
	}
	return q.fw
}

// coreLang answers with the core's rules alone.
type coreLang struct{ *query }

// local: a local's declared (or inferred) type, in the scope it was bound.
func (q coreLang) local(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (typeRef, bool, error) {
	l := q.localNamed(f, caller, name)
	if l == nil {
		return typeRef{}, false, nil
	}
	if l.SymbolID == "" {
		caller = nil
	} else if caller != nil && l.SymbolID != caller.ID && family(f.Language) == "js" {
		// const resolved = this.ai.resolve(); const call = () =>
		// resolved.provider.generate(): the enclosing method's local is
		// what it is there (its this is the method's), not in the arrow.
		outer, err := q.symbol(ctx, l.SymbolID)
		if err != nil {
			return typeRef{}, true, err
		}
		if outer != nil {
			caller = outer
		}
	}
	ref, err := q.declaredType(ctx, f, caller, l.Type)
	if err == nil && f.Language == treesitter.Go && goErrorLocal(name, l.Type, ref) {
		ref.ext = "error"
	}
	return ref, true, err
}

func (coreLang) moduleName(context.Context, *fact.File, string) (typeRef, bool) {
	return typeRef{}, false
}

func (q coreLang) unbound(ctx context.Context, f *fact.File, _ *fact.Symbol, name string) (typeRef, bool, error) {
	if family(f.Language) == "js" {
		return q.jsGlobalVar(ctx, f, name) // globalClient, declared in a declare global block
	}
	return typeRef{}, false, nil
}

func (q coreLang) callResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string, _ int) (typeRef, bool, error) {
	if family(f.Language) != "js" || recv == "" || !jsElementMethods[callee] && callee != "get" {
		return typeRef{}, false, nil
	}
	of, err := q.evalReceiver(ctx, f, caller, recv)
	if err != nil {
		return typeRef{}, false, err
	}
	if callee == "get" {
		if of.mapValue != nil {
			return *of.mapValue, true, nil // this.servers.get(id): a server
		}
		return typeRef{}, false, nil
	}
	return q.jsArrayElement(ctx, of, callee) // providers.find(...): a provider
}
