package cascade

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/keyword"
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

// KeywordMaxCallers bounds a keyword answer: more functions than this
// holding the name in a string is no evidence of dispatch.
const KeywordMaxCallers = 10

type keywordStage struct{ store graph.Store }

func (s keywordStage) Name() string    { return StageKeyword }
func (s keywordStage) Backend() string { return "" }
func (s keywordStage) Condition() string {
	return "a string literal naming the target scores above the relevance threshold (BM25)"
}

func (s keywordStage) Run(ctx context.Context, q *stage.Query) stage.Outcome {
	res, err := keyword.Search(ctx, s.store, keyword.Query{Name: q.Target.Name, TargetID: q.Target.ID, Threshold: q.KeywordThreshold})
	if err != nil {
		return stage.Outcome{Err: err}
	}
	threshold := q.KeywordThreshold
	if threshold <= 0 {
		threshold = keyword.DefaultThreshold
	}
	res.Literals = outsideTarget(res.Literals, q.Target)
	res.Related = outsideTarget(res.Related, q.Target)
	// Literals under the threshold may still be a dispatch table; symbols
	// that merely share a word (a class name, a path) are not candidates.
	kept := 0
	for _, h := range res.Related {
		if h.Kind != "literal" || h.Relevance < threshold/2 || kept == 5 {
			continue
		}
		kept++
		why := fmt.Sprintf("keyword %.2f: string %q", h.Relevance, h.Text)
		q.Candidates = append(q.Candidates, report.Candidate{Name: h.Text, Path: h.Path, Line: int(h.Span.Start.Line) + 1, Col: int(h.Span.Start.Character) + 1, Why: why})
	}
	if len(res.Literals) == 0 {
		return stage.Outcome{Reason: ReasonNoRelevantMatches, Count: 0,
			Observed: fmt.Sprintf("words %s: no string literal scored above %.2f (%d weaker hits)", strings.Join(res.Words, " "), threshold, len(res.Related))}
	}
	// One caller per enclosing symbol, its sites the literals.
	byCaller := map[string]*Call{}
	var order []string
	for _, h := range res.Literals {
		key := h.SymbolID
		if key == "" {
			key = h.Path + "#"
		}
		c, ok := byCaller[key]
		if !ok {
			lang, _ := treesitter.LanguageForPath(h.Path)
			sym := fact.ModuleSymbol(h.Path, lang) // a literal at the top level of its file
			if h.SymbolID != "" {
				if s, err := s.store.Symbol(ctx, h.SymbolID); err == nil {
					sym = s
				}
			}
			c = &Call{Edge: fact.Edge{Symbol: sym, Resolution: ResolvedKeyword}, Stage: StageKeyword,
				Detail: containerPrefix(sym) + fmt.Sprintf("keyword match %.2f: '%s' in a string", h.Relevance, h.Text)}
			byCaller[key] = c
			order = append(order, key)
		}
		c.Sites = append(c.Sites, h.Span)
	}
	calls := make([]Call, 0, len(order))
	for _, k := range order {
		calls = append(calls, *byCaller[k])
	}
	sortCalls(calls)
	// A name written in strings all over the workspace ('create', 'list')
	// says nothing about who dispatches to this function: too common to
	// answer by, like grep's too_many_matches.
	if len(calls) > KeywordMaxCallers {
		for i, c := range calls {
			if i == 5 {
				break
			}
			q.Candidates = append(q.Candidates, candidateOf(c, "keyword: "+c.Detail))
		}
		return stage.Outcome{Reason: ReasonNoRelevantMatches, Count: len(res.Literals),
			Observed: fmt.Sprintf("words %s: %d functions hold a string naming it: too common a word to tell a dispatch from", strings.Join(res.Words, " "), len(calls))}
	}
	return stage.Outcome{Calls: calls, Hit: true, Count: len(res.Literals),
		Observed: fmt.Sprintf("words %s: %d string literals scored above %.2f", strings.Join(res.Words, " "), len(res.Literals), threshold)}
}

// outsideTarget drops hits in the target's own declaration: its
// decorators (@OnEvent('x') names its own event) and its body.
func outsideTarget(hits []keyword.Hit, t fact.Symbol) []keyword.Hit {
	if t.Path == "" {
		return hits
	}
	inside := func(s treesitter.Span) bool {
		if s.StartByte >= t.Span.StartByte && s.EndByte <= t.Span.EndByte {
			return true
		}
		for _, d := range t.Decorators {
			if s.StartByte >= d.Span.StartByte && s.EndByte <= d.Span.EndByte {
				return true
			}
		}
		return false
	}
	out := hits[:0:0]
	for _, h := range hits {
		if h.Path == t.Path && inside(h.Span) {
			continue
		}
		out = append(out, h)
	}
	return out
}

// containerPrefix starts a caller's detail the way GraphDetail does, so an
// editor's tree shows the class whatever the stage.
func containerPrefix(s fact.Symbol) string {
	if s.Container == "" {
		return ""
	}
	return s.Container + " · "
}

func sortCalls(calls []Call) {
	sort.SliceStable(calls, func(i, j int) bool {
		a, b := calls[i].Symbol, calls[j].Symbol
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Span.StartByte < b.Span.StartByte
	})
}

func candidateOf(c Call, why string) report.Candidate {
	site := c.Symbol.Selection
	if len(c.Sites) > 0 {
		site = c.Sites[0]
	}
	return report.Candidate{Name: qualifiedName(c.Symbol), Path: c.Symbol.Path, Line: int(site.Start.Line) + 1, Col: int(site.Start.Character) + 1, Why: why}
}

func qualifiedName(s fact.Symbol) string {
	if s.Container != "" {
		return s.Container + "." + s.Name
	}
	return s.Name
}

func (e *Engine) reportInput(res Result, q *stage.Query, tc TargetContext) report.Input {
	t := res.Target
	in := report.Input{
		Root: e.Root, Name: t.Name, Qualified: qualifiedName(t), Path: t.Path, Found: res.Found,
		Method: t.Kind == treesitter.KindMethod, Roles: tc.Roles, Events: tc.Events, Excluded: tc.Excluded, Oversized: tc.Oversized,
		Candidates: q.Candidates, Stale: q.Stale && res.Stage != StageGraph, GrepSites: q.GrepSites,
	}
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
