package graph

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// EdgeResolver is what the graph stage needs of a resolver: the caller and
// callee edges of a stored symbol. The workspace wires in the concrete
// resolver. When ctx ends first, it returns the edges found so far with
// ctx's error: the stage answers them as partial, and never takes a cut-off
// request for "no callers".
type EdgeResolver interface {
	Incoming(ctx context.Context, target fact.Symbol) ([]fact.Edge, error)
	Outgoing(ctx context.Context, source fact.Symbol) ([]fact.Edge, error)
}

// ElsewhereResolver is a resolver that also names the call sites of the
// target's name it resolved to other symbols (resolve.Resolver, over
// either store): a graph answer of no_callers hands them to the fallbacks.
type ElsewhereResolver interface {
	IncomingSettled(ctx context.Context, target fact.Symbol) ([]fact.Edge, stage.Settled, error)
}

// NewStage is the graph stage over one backend: its store and a resolver
// over that store.
func NewStage(backend string, store Store, resolver EdgeResolver) Stage {
	return Stage{backend: backend, store: store, resolver: resolver}
}

// VouchingForFiles is the stage over a store whose file records cost
// microseconds to read (the embedded store, on this machine): its answers
// of no_callers vouch for the files it indexed as they are now, so that
// the grep stage after it does not parse them again (settled.go).
func (s Stage) VouchingForFiles() Stage {
	s.vouch = true
	return s
}

// Stage is the graph stage's adapter: it asks one code graph backend.
type Stage struct {
	backend  string
	store    Store
	resolver EdgeResolver
	vouch    bool
}

func (s Stage) Name() string    { return stage.Graph }
func (s Stage) Backend() string { return s.backend }
func (s Stage) Condition() string {
	return "the symbol is indexed and has at least one caller edge"
}

func (s Stage) Run(ctx context.Context, q *stage.Query) stage.Outcome {
	if !q.Found {
		return stage.Outcome{Reason: stage.ReasonSymbolNotFound, Observed: fmt.Sprintf("%s is not in the index", q.Target.Name), Unasked: true}
	}
	sym, err := s.store.Symbol(ctx, q.Target.ID)
	if err != nil {
		return graphError(err, q)
	}
	var edges []fact.Edge
	var settled stage.Settled
	if er, ok := s.resolver.(ElsewhereResolver); ok && q.Direction == stage.Incoming {
		edges, settled, err = er.IncomingSettled(ctx, sym)
	} else if q.Direction == stage.Outgoing {
		edges, err = s.resolver.Outgoing(ctx, sym)
	} else {
		edges, err = s.resolver.Incoming(ctx, sym)
	}
	what := "caller"
	if q.Direction == stage.Outgoing {
		what = "callee"
	}
	if err != nil {
		return cutOffOutcome(graphError(err, q), edges, what)
	}
	if len(edges) == 0 {
		if q.Direction == stage.Outgoing {
			// Not a miss: the graph knows the function and that it calls
			// nothing in the workspace. That is its precise answer, not a
			// reason to fall back (nor a sign of a stale index).
			return stage.Outcome{Calls: []stage.Call{}, Hit: true,
				Observed: fmt.Sprintf("%s is indexed and calls nothing in the workspace", stage.QualifiedName(sym))}
		}
		elsewhere := settled.Elsewhere
		out := stage.Outcome{Reason: stage.ReasonNoCallers, Observed: fmt.Sprintf("%s is indexed and has no %s edge", stage.QualifiedName(sym), what),
			Settled: stage.Settled{Elsewhere: elsewhere, Undecided: settled.Undecided}}
		if len(elsewhere) > 0 {
			out.Observed += fmt.Sprintf("; %d call sites of the name resolved to other symbols", len(elsewhere))
		}
		if elsewhere != nil {
			out.Settled.Namesakes = s.namesakes(ctx, sym)
		}
		if s.vouch && elsewhere != nil {
			method := sym.Kind == treesitter.KindMethod || sym.Container != ""
			out.Settled.AsIndexed = s.asIndexed(q.Target.Name, sym.Language == treesitter.Go && method, !method, elsewhere)
		}
		return out
	}
	return stage.Outcome{Calls: graphCalls(edges), Hit: true, Count: len(edges),
		Observed: fmt.Sprintf("%d edges, %d resolved precisely", len(edges), precise(edges))}
}

// namesakes counts the other functions and methods named as sym in its
// language family; 0 when the store cannot say.
func (s Stage) namesakes(ctx context.Context, sym fact.Symbol) int {
	syms, err := s.store.SymbolsByName(ctx, sym.Name)
	if err != nil {
		return 0
	}
	family := treesitter.Family(sym.Language)
	n := 0
	for _, o := range syms {
		if o.ID != sym.ID && (o.Kind == treesitter.KindFunction || o.Kind == treesitter.KindMethod) && treesitter.Family(o.Language) == family {
			n++
		}
	}
	return n
}

// cutOffOutcome is the outcome of a resolver the deadline stopped: a
// timeout, partial, with the edges found so far. With some, they answer
// (partial, and not a backend fault: the backend answered, the name has
// more sites than the timeout allows); with none, the next stage runs, and
// the attempt still says timeout, never no_callers.
func cutOffOutcome(out stage.Outcome, edges []fact.Edge, what string) stage.Outcome {
	if out.Reason != stage.ReasonTimeout {
		return out
	}
	out.Partial, out.Count = true, len(edges)
	out.Observed = fmt.Sprintf("cut off by the timeout after %d %s edges: partial, not \"none\"", len(edges), what)
	if len(edges) > 0 {
		out.Calls, out.Hit, out.Fault = graphCalls(edges), true, false
	}
	return out
}

func precise(edges []fact.Edge) int {
	n := 0
	for _, edge := range edges {
		if edge.Resolution != fact.ResolvedName && edge.Resolution != fact.ResolvedImplicit {
			n++
		}
	}
	return n
}

// graphCalls are the edges as call items: name matches (possible callers)
// after the precise callers, each group in the resolver's order.
func graphCalls(edges []fact.Edge) []stage.Call {
	calls := make([]stage.Call, 0, len(edges))
	for _, edge := range edges {
		calls = append(calls, stage.Call{Edge: edge, Stage: stage.Graph, Detail: Detail(edge)})
	}
	sort.SliceStable(calls, func(i, j int) bool {
		return calls[i].Resolution != fact.ResolvedName && calls[j].Resolution == fact.ResolvedName
	})
	return calls
}

// graphError classifies a backend's error: only faults count against the
// breaker; not-found and a missing index are answers.
func graphError(err error, q *stage.Query) stage.Outcome {
	out := stage.Outcome{Err: err}
	switch {
	case errors.Is(err, context.Canceled):
		out.Reason = stage.ReasonCancelled
	case errors.Is(err, context.DeadlineExceeded):
		out.Reason, out.Fault = stage.ReasonTimeout, true
	case errors.Is(err, ErrUnauthorized):
		out.Reason, out.Auth = stage.ReasonBackendError, true
		out.Observed = "the backend rejected the configured credentials"
	case errors.Is(err, ErrIndexMissing):
		out.Reason, out.Err = stage.ReasonIndexMissing, nil
		out.Observed = "the backend holds no index for this repository"
	case errors.Is(err, ErrNotFound):
		out.Reason, out.Err = stage.ReasonSymbolNotFound, nil
		out.Observed = fmt.Sprintf("%s is not in this backend's index (it may be stale)", q.Target.ID)
	default:
		out.Reason, out.Fault = stage.ReasonBackendError, true
		out.Observed = "the backend failed: " + err.Error()
	}
	return out
}

// Detail says, for people, how a graph edge was established.
func Detail(e fact.Edge) string {
	d := detail(e)
	if e.AlsoRegistered != "" && e.Resolution != fact.ResolvedRegistration && e.Resolution != fact.ResolvedImplicit {
		d += " · also registered via " + e.AlsoRegistered
	}
	return d
}

func detail(e fact.Edge) string {
	where := e.Symbol.Container
	if where != "" {
		where += " · "
	}
	switch {
	case e.Resolution == fact.ResolvedImplicit && e.Implicit != nil:
		// The symbol is the subscribing line, not a caller: no container.
		return e.Implicit.Counts() + " · implicit sends, possible, not precise"
	case e.Resolution == fact.ResolvedAST && e.Ref != "" && e.Via != "":
		return where + refDetail(e) + " · precise (ast), dispatched through " + e.Via
	case e.Resolution == fact.ResolvedAST && e.Ref != "":
		// A reference, not a call (register(h), this.handle.bind(this)):
		// said as the precise servers list it, a caller that uses the
		// function as a value.
		return where + refDetail(e) + " · precise (ast)"
	case e.Resolution == fact.ResolvedAST && e.Access != "" && e.Via != "":
		return where + accessDetail(e.Access) + " · precise (ast), dispatched through " + e.Via
	case e.Resolution == fact.ResolvedAST && e.Access != "":
		// A member read or write that runs a getter or setter
		// (bank.length, el.summary = x): tsserver lists it as a call.
		return where + accessDetail(e.Access) + " · precise (ast)"
	case e.Resolution == fact.ResolvedAST && e.Via != "":
		return where + "precise (ast), dispatched through " + e.Via
	case e.Resolution == fact.ResolvedAST:
		return where + "precise (ast)"
	case e.Resolution == fact.ResolvedEvent:
		return where + "via event '" + e.Event + "'"
	case e.Resolution == fact.ResolvedRegistration && e.Via != "":
		return where + "registered via " + e.Via
	case e.Resolution == fact.ResolvedName && strings.HasPrefix(e.Via, "pytest fixture "):
		// Typed by what the fixture returns; no type checker types a
		// fixture parameter, so it stays a name match, flagged.
		return where + "name match only: receiver is the value of " + e.Via + ", which type checkers do not type"
	case e.Resolution == fact.ResolvedName && strings.HasPrefix(e.Via, fact.ViaStoredField):
		// The receiver's type is known and has no such method: the call
		// runs whatever the field holds, one of several functions stored.
		return where + "name match only: calls field " + strings.TrimPrefix(e.Via, fact.ViaStoredField) + ", which holds one of several functions"
	case e.Resolution == fact.ResolvedName && strings.HasPrefix(e.Via, fact.ViaUnmappedImport):
		// Resolved by the path's last segments, where the config's paths
		// send the editor's TypeScript server to no file.
		return where + "possible: the config's paths map '" + strings.TrimPrefix(e.Via, fact.ViaUnmappedImport) + "' to no file, so the editor resolves nothing there; linked by its last segments"
	case e.Resolution == fact.ResolvedName && strings.HasPrefix(e.Via, fact.ViaOutsideProject):
		// Resolved, but through aliases tsserver does not give the file.
		return where + "possible: " + strings.TrimPrefix(e.Via, fact.ViaOutsideProject) + " leaves this file out, and only its path aliases reach the target"
	case e.Resolution == fact.ResolvedName:
		return where + "name match only: receiver not resolved"
	}
	return where + string(e.Resolution)
}

// accessDetail says what an edge's access sites do to the accessor.
// refDetail says what a reference edge's sites do with the function.
func refDetail(e fact.Edge) string {
	if e.RefWritten {
		return "writes a function over " + e.Ref
	}
	return "passes " + e.Ref + " as a value"
}

func accessDetail(access string) string {
	switch access {
	case "reads":
		return "reads the getter"
	case "writes":
		return "writes the setter"
	}
	return "reads the getter and writes the setter"
}
