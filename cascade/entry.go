package cascade

import (
	"context"
	"fmt"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// ReasonFrameworkEntry marks the fallback stages skipped because the
// target is a framework entry point with no caller in the code: the
// framework's role is the answer, and a search by name would only guess.
const ReasonFrameworkEntry = "framework_entry"

// EntryPoint is how a framework reaches a target that no code calls: a
// route, a schedule, a lifecycle hook, a command.
type EntryPoint struct {
	Kind      string `json:"kind"` // route, scheduled, lifecycle, command
	Framework string `json:"framework"`
	// Summary says it for people: "Flask route GET /orders", "command
	// manage.py sync (...)"; Hint is the line a report or a diagnostic
	// shows.
	Summary string `json:"summary"`
	Hint    string `json:"hint"`
	// Path and Span are where it is declared: the decorator, or the
	// target's name.
	Path string          `json:"path"`
	Span treesitter.Span `json:"span"`
}

// entryPoints are the roles of t that make it a framework entry point,
// each at its decorator when it has one.
func entryPoints(t fact.Symbol, roles []framework.Role) []EntryPoint {
	var out []EntryPoint
	for _, r := range framework.EntryRoles(roles) {
		ep := EntryPoint{Kind: string(r.Kind), Framework: r.Framework, Summary: r.EntrySummary(), Hint: r.EntryHint(), Path: t.Path, Span: t.Selection}
		for _, d := range t.Decorators {
			if strings.HasPrefix(r.Pattern, "@"+d.Name) {
				ep.Span = d.Span
				break
			}
		}
		out = append(out, ep)
	}
	return out
}

// graphFoundNoCaller reports whether a graph backend answered that the
// target is indexed and has no caller (another may have failed: it knows
// nothing to the contrary).
func graphFoundNoCaller(atts []Attempt) bool {
	for _, a := range atts {
		if a.Stage == StageGraph && a.Outcome == OutcomeMiss && a.Reason == ReasonNoCallers {
			return true
		}
	}
	return false
}

// skipForEntry answers, before the fallback stages run, whether the target
// is a framework entry point that the graph found no caller of; then the
// fallbacks are recorded as skipped and the role is the answer. tc is the
// target's context, asked once and kept for the report.
func (e *Engine) skipForEntry(ctx context.Context, res *Result, q *stage.Query, rest []Stage, tc **TargetContext) bool {
	if res.Direction != Incoming || !q.Found || e.Context == nil || len(rest) == 0 || !graphFoundNoCaller(res.Attempts) {
		return false
	}
	if *tc == nil {
		c := e.Context(ctx, res.Target)
		*tc = &c
	}
	if len((*tc).Entry) == 0 {
		return false
	}
	res.Entry = (*tc).Entry
	for _, st := range rest {
		res.Attempts = append(res.Attempts, Attempt{Stage: st.Name(), Backend: st.Backend(), Outcome: OutcomeSkipped, Reason: ReasonFrameworkEntry,
			Condition: st.Condition(), Observed: fmt.Sprintf("not run: %s is a framework entry point (%s), which a search by name would only guess at", res.Target.Name, (*tc).Entry[0].Summary)})
	}
	return true
}
