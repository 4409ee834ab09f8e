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
	if strings.HasPrefix(c.Callee, treesitter.AssignPrefix) || strings.HasPrefix(c.Callee, treesitter.GlobalTypeAliasPrefix) ||
		strings.HasPrefix(c.Callee, treesitter.GlobalVarPrefix) {
		// a store into a field (resolve_fields.go), a global type alias or
		// variable declared (jsGlobalAlias, jsGlobalVar): no call, no reference
		return nil, "", nil
	}
	if name, _, ok := cutAccess(c.Callee); ok {
		return q.resolveAccess(ctx, c, name) // resolve_access.go
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
		if isCallable(t) && t.Accessor == "" { // a getter read is an access site (resolve_access.go)
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
		// An access site (resolve_access.go) says what it does to the
		// accessor; a call among them makes the edge a caller's.
		_, verb, access := cutAccess(site.Callee)
		switch {
		case !access:
			e.Access = ""
		case fresh:
			e.Access = verb
		case e.Access != "" && e.Access != verb:
			e.Access = "reads and writes"
		}
	case fresh:
		e.Ref = name
		e.RefWritten = refWritten(site)
	case !refWritten(site):
		e.RefWritten = false // passed somewhere too: say that
	}
}

// refWritten reports whether a reference site writes a function over the
// member it names (treesitter.RefWrittenArg).
func refWritten(site fact.Call) bool {
	return len(site.Args) == 1 && site.Args[0] == treesitter.RefWrittenArg
}

// registrationWins turns an edge made only of reference sites into the
// registration that passes the same function by value
// (mux.HandleFunc("/x", s.handle)): one item, said the way the framework
// side says it. The reference sites are dropped, since the registering
// call is the site; the caller adds it next. A reference on another line
// than the registering call (router.post(\n path,\n ctl.handle\n)) stays
// a site too: it is where the function is passed, which tsserver lists.
func registrationWins(e *fact.Edge, via string, at treesitter.Span) {
	e.Resolution, e.Via, e.Event, e.Ref = fact.ResolvedRegistration, via, "", ""
	kept := e.Sites[:0]
	for _, sp := range e.Sites {
		if sp.Start.Line != at.Start.Line {
			kept = append(kept, sp)
		}
	}
	e.Sites = kept
}

// addRegistration adds the registration of sym by value at site, unless
// the edge already holds a reference that stays what it is
// (referenceWins).
func (s edgeSet) addRegistration(sym fact.Symbol, site fact.Call, reg registration, via string) {
	if e := s[sym.ID]; e != nil && e.Ref != "" && referenceWins(e, reg) {
		if e.Symbol.Language == treesitter.Python && e.AlsoRegistered == "" {
			e.AlsoRegistered = via // the reference's item says what it registers it with
		}
		return
	}
	s.add(sym, site, fact.ResolvedRegistration, via, "")
}

// referenceWins reports whether an edge made only of reference sites stays
// what it is when a registration passes the same function
// (r.GET("/", h.List)): in Go, where gopls lists the reference site as an
// incoming call, a reference resolved through scope, import or the
// receiver's type is as precise as a call, and a route or command
// registration adds nothing to it (the route stays in the target's roles).
// A registration that subscribes the function to an event
// (b.Subscribe(topic, h)) still wins: it is the subscription the event's
// publishers are linked through. In Python the reference always stays:
// pyright lists a method passed by value (clicked.connect(self._on_save),
// post_save.connect(self.audit)) at the reference, whatever registers it,
// and the event links are made from the target's subscriptions, not from
// this edge; the edge names the registration (AlsoRegistered). Elsewhere
// the registration wins (registrationWins).
func referenceWins(e *fact.Edge, reg registration) bool {
	if e.Resolution != fact.ResolvedAST {
		return false
	}
	if e.Symbol.Language == treesitter.Python {
		return true
	}
	return e.Symbol.Language == treesitter.Go && (reg.pattern == nil || reg.pattern.Bus == "")
}
