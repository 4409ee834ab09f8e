package cascade

import (
	"context"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/report"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// breakerGate is a stage's view of its breaker.
type breakerGate interface {
	allow() error
	done(out stage.Outcome, cancelled bool)
}

type twoStepGate struct {
	allowFn func() (func(error), error)
	doneFn  func(error)
}

func (g *twoStepGate) allow() error {
	done, err := g.allowFn()
	g.doneFn = done
	return err
}

func (g *twoStepGate) done(out stage.Outcome, cancelled bool) {
	switch {
	case g.doneFn == nil:
	case cancelled:
		g.doneFn(context.Canceled)
	case out.Unasked:
		g.doneFn(errNotAsked)
	case out.Auth:
		g.doneFn(graph.ErrUnauthorized)
	case out.Fault:
		g.doneFn(backendFault{out.Err})
	default:
		g.doneFn(nil) // an answer, found or not
	}
}

// breaker is the gate of st's backend breaker, nil for a stage without a
// backend.
func (e *Engine) breaker(st Stage) breakerGate {
	if e.Breakers == nil || st.Backend() == "" {
		return nil
	}
	cb := e.Breakers.get(e.Root, st.Backend())
	return &twoStepGate{allowFn: cb.Allow}
}

func (e *Engine) reportInput(res Result, q *stage.Query, tc TargetContext) report.Input {
	t := res.Target
	in := report.Input{
		Root: e.Root, Name: t.Name, Qualified: stage.QualifiedName(t), Path: t.Path, Found: res.Found,
		Method: t.Kind == treesitter.KindMethod, Roles: tc.Roles, Events: tc.Events, ComputedKeys: tc.ComputedKeys, Excluded: tc.Excluded, Oversized: tc.Oversized,
		Candidates: q.Candidates, Stale: q.Stale && res.Stage != StageGraph && !res.GraphCutOff(), GrepSites: q.GrepSites, Mentions: res.Mentions,
		Ambiguous: q.AmbiguousSites, Namesakes: q.Settled.Namesakes + 1,
	}
	in.GraphTimedOut = res.GraphCutOff()
	for _, ep := range res.Entry {
		in.Entry = append(in.Entry, ep.Hint)
	}
	if res.Index != nil {
		in.Indexing = res.Index.String()
	}
	in.Elsewhere = q.Settled.Elsewhere.Described()
	if res.Found {
		in.Line, in.Col = int(t.Selection.Start.Line)+1, int(t.Selection.Start.Character)+1
	}
	if _, ok := treesitter.LanguageForPath(t.Path); ok || t.Path == "" {
		in.Language = string(t.Language)
		if in.Language == "" {
			in.Language = "unknown"
		}
	}
	for _, d := range t.Decorators {
		in.Decorators = append(in.Decorators, d.Name)
	}
	for _, a := range res.Attempts {
		st := report.StageStatus{Stage: a.Stage, Backend: a.Backend, Condition: a.Condition, Observed: a.Observed,
			Reason: a.Reason, Count: a.Count, DurationMs: float64(a.Duration.Microseconds()) / 1000}
		switch a.Outcome {
		case OutcomeHit:
			st.Status = report.StatusHit
		case OutcomeSkipped:
			st.Status = report.StatusSkipped
		default:
			st.Status = report.StatusMiss
		}
		if st.Observed == "" {
			st.Observed = a.Reason
		}
		if a.Stage == StageGraph && (a.Reason == ReasonBackendError || a.Reason == ReasonCircuitOpen || a.Reason == ReasonTimeout) {
			in.BackendDown = true
		}
		in.Stages = append(in.Stages, st)
	}
	return in
}
