package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// References (fact.Call.Ref): a function or method used as a value at a
// site, passed, stored, returned or bound, not called there. The precise
// servers count such a site as a caller of the function; so do we, with
// the same receiver typing as a call, but only where that typing is
// certain: a reference never links by a unique name alone (a value named
// like a method is most often data), and only to a function or method.

// resolveCall resolves a call site, or a reference site by the rules
// above.
func (q *query) resolveCall(ctx context.Context, c fact.Call) ([]fact.Symbol, fact.Resolution, error) {
	if strings.HasPrefix(c.Callee, treesitter.AssignPrefix) {
		return nil, "", nil // a store into a field (resolve_fields.go): no call, no reference
	}
	targets, res, err := q.resolveSite(ctx, c)
	if err == nil && len(targets) > 0 && targets[0].Language == treesitter.Go {
		targets = q.golang().goInBuild(ctx, c.Path, targets)
	}
	if err != nil || !c.Ref || len(targets) == 0 {
		return targets, res, err
	}
	if res != fact.ResolvedAST {
		return nil, "", nil
	}
	callables := targets[:0:0]
	for _, t := range targets {
		if isCallable(t) {
			callables = append(callables, t)
		}
	}
	if len(callables) == 0 {
		return nil, "", nil
	}
	return callables, res, nil
}

// markRef keeps e.Ref (the name of the function the edge's caller passes
// as a value) true to the edge's sites: set by a reference site that opens
// the edge, cleared by any call site, since a caller that also calls the
// function is a caller like any other.
func markRef(e *fact.Edge, site fact.Call, name string, fresh bool) {
	switch {
	case !site.Ref:
		e.Ref = ""
	case fresh:
		e.Ref = name
	}
}

// registrationWins turns an edge made only of reference sites into the
// registration that passes the same function by value
// (mux.HandleFunc("/x", s.handle)): one item, said the way the framework
// side says it. The reference sites are dropped, since the registering
// call is the site; the caller adds it next.
func registrationWins(e *fact.Edge, via string) {
	e.Resolution, e.Via, e.Event, e.Ref = fact.ResolvedRegistration, via, "", ""
	e.Sites = e.Sites[:0]
}
