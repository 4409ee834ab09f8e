// Package cascade answers "who calls this?" through a cascade of stages and
// says which stage answered. It knows nothing of LSP: the same engine serves
// the language server, the CLI and tests.
package cascade

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/callcascade/callcascade/cascade/graph"
)

// Stage names.
const (
	StageGraph = "graph"
)

// Reason codes recorded on attempts that did not answer.
const (
	ReasonSymbolNotFound = "symbol_not_found"
	ReasonNoCallers      = "no_callers"
	ReasonTimeout        = "timeout"
	ReasonBackendError   = "backend_error"
	ReasonCancelled      = "cancelled"
)

// Outcome of one stage attempt.
const (
	OutcomeHit  = "hit"
	OutcomeMiss = "miss"
)

// Call is one caller (incoming) or callee (outgoing) with its call sites.
type Call struct {
	graph.Edge
	Stage  string `json:"stage"`
	Detail string `json:"detail"` // provenance for people: "precise (ast)", "name match only"
}

// Attempt records what one stage did.
type Attempt struct {
	Stage    string        `json:"stage"`
	Outcome  string        `json:"outcome"`
	Reason   string        `json:"reason,omitempty"`
	Duration time.Duration `json:"durationNs"`
	Count    int           `json:"count"`
	Error    string        `json:"error,omitempty"` // for logs and reports; never a credential
}

// Result is the answer to one query.
type Result struct {
	Target    graph.Symbol `json:"target"`
	Direction string       `json:"direction"` // "incoming" or "outgoing"
	Calls     []Call       `json:"calls"`
	Stage     string       `json:"stage"` // the stage that answered, "" when none did
	Attempts  []Attempt    `json:"attempts"`
}

// Config holds the engine's budgets.
type Config struct {
	GraphTimeout time.Duration // 0 means DefaultGraphTimeout
}

// DefaultGraphTimeout bounds the graph stage.
const DefaultGraphTimeout = 150 * time.Millisecond

// Engine runs the stages.
type Engine struct {
	Resolver *graph.Resolver
	Config   Config
}

// Incoming answers who calls target.
func (e *Engine) Incoming(ctx context.Context, target graph.Symbol) (Result, error) {
	return e.run(ctx, target, "incoming", e.Resolver.Incoming)
}

// Outgoing answers what source calls.
func (e *Engine) Outgoing(ctx context.Context, source graph.Symbol) (Result, error) {
	return e.run(ctx, source, "outgoing", e.Resolver.Outgoing)
}

func (e *Engine) run(ctx context.Context, target graph.Symbol, dir string, query func(context.Context, graph.Symbol) ([]graph.Edge, error)) (Result, error) {
	res := Result{Target: target, Direction: dir, Calls: []Call{}}
	timeout := e.Config.GraphTimeout
	if timeout <= 0 {
		timeout = DefaultGraphTimeout
	}
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	edges, err := query(sctx, target)
	att := Attempt{Stage: StageGraph, Duration: time.Since(start), Count: len(edges)}
	switch {
	case ctx.Err() != nil:
		return res, ctx.Err() // the caller gave up: not the stage's fault
	case errors.Is(err, context.DeadlineExceeded):
		att.Outcome, att.Reason = OutcomeMiss, ReasonTimeout
	case err != nil:
		att.Outcome, att.Reason, att.Error = OutcomeMiss, ReasonBackendError, err.Error()
	case len(edges) == 0:
		att.Outcome, att.Reason = OutcomeMiss, ReasonNoCallers
	default:
		att.Outcome = OutcomeHit
		res.Stage = StageGraph
		for _, edge := range edges {
			res.Calls = append(res.Calls, Call{Edge: edge, Stage: StageGraph, Detail: GraphDetail(edge)})
		}
	}
	res.Attempts = append(res.Attempts, att)
	return res, nil
}

// GraphDetail says, for people, how a graph edge was established.
func GraphDetail(e graph.Edge) string {
	where := e.Symbol.Container
	if where != "" {
		where += " · "
	}
	switch {
	case e.Resolution == graph.ResolvedAST && e.Via != "":
		return where + "precise (ast), dispatched through " + e.Via
	case e.Resolution == graph.ResolvedAST:
		return where + "precise (ast)"
	case e.Resolution == graph.ResolvedEvent:
		return where + "via event '" + e.Event + "'"
	case e.Resolution == graph.ResolvedRegistration && e.Via != "":
		return where + "registered via " + e.Via
	case e.Resolution == graph.ResolvedName:
		return where + "name match only: receiver not resolved"
	}
	return where + string(e.Resolution)
}

// ErrNoSymbol is returned when nothing callable is at a position or name.
var ErrNoSymbol = errors.New("cascade: no symbol here")

func wrap(op string, err error) error { return fmt.Errorf("cascade: %s: %w", op, err) }
