package cascade

import (
	"fmt"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/report"
	"github.com/callcascade/callcascade/cascade/stage"
)

// Every item of a call list is a caller. What the fallbacks find that is
// not (a string that names the target but reaches no dispatch, a site the
// graph resolved to another symbol) is kept apart: mentions go into the
// answer's report, and resolved sites are never offered as callers.

// Mention is a string literal naming the target that reaches no dispatch.
type Mention = stage.Mention

// CommandShowMentions lists an answer's mentions: arguments {root,
// symbolId} or {root, name}.
const CommandShowMentions = "callcascade.showMentions"

// keepForFallbacks keeps from one attempt what later stages and the report
// need: the sites a graph answer of no_callers resolved to other symbols
// (the graph was asked and answered completely: no timeout, no open
// breaker, the symbol found), and the mentions a stage set aside.
func (e *Engine) keepForFallbacks(res *Result, q *stage.Query, st Stage, att Attempt, out stage.Outcome) {
	if st.Name() == StageGraph && att.Outcome == OutcomeMiss && att.Reason == ReasonNoCallers && !out.Partial && out.Settled.Elsewhere != nil {
		q.Settled = out.Settled
	}
	res.Mentions = append(res.Mentions, out.Mentions...)
}

// mentionSuggestions offers the list of the answer's mentions.
func mentionSuggestions(r Result) []Suggestion {
	if len(r.Mentions) == 0 || r.Direction != Incoming {
		return nil
	}
	what := "mention"
	if len(r.Mentions) > 1 {
		what = "mentions"
	}
	args := map[string]any{"root": r.Root, "name": stage.QualifiedName(r.Target)}
	if r.Target.ID != "" {
		args["symbolId"] = r.Target.ID
	}
	m := r.Mentions[0]
	return []Suggestion{
		{
			Title:     fmt.Sprintf("Show the %d %s of %s in strings (not calls)", len(r.Mentions), what, r.Target.Name),
			Command:   CommandShowMentions,
			Arguments: []any{args},
		},
		{
			Title:     fmt.Sprintf("Open the first mention of %s ('%s' at %s:%d)", r.Target.Name, m.Text, m.Path, m.Line),
			Command:   report.CommandOpen,
			Arguments: []any{map[string]any{"root": r.Root, "path": m.Path, "line": m.Line, "col": m.Col}},
		},
	}
}

// MentionSummary says the mentions in a few words, for a diagnostic:
// "2 mentions in strings, not calls: app/urls.py:4 'run/', ...".
func (r Result) MentionSummary(max int) string {
	if len(r.Mentions) == 0 {
		return ""
	}
	what := "1 mention in a string, not a call"
	if len(r.Mentions) > 1 {
		what = fmt.Sprintf("%d mentions in strings, not calls", len(r.Mentions))
	}
	s := what + ":"
	for i, m := range r.Mentions {
		if i == max {
			s += ", …"
			break
		}
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(" %s:%d '%s'", m.Path, m.Line, m.Text)
	}
	return s
}

// EditorUnresolved counts the callers resolved where the editor's
// TypeScript server resolves nothing: in files that no tsconfig includes,
// linked through its path aliases, or through an import its paths map to
// no file (name-resolved, said "possible").
func (r Result) EditorUnresolved() int {
	n := 0
	for _, c := range r.Calls {
		if c.Stage == StageGraph && c.Resolution == fact.ResolvedName && fact.EditorUnresolved(c.Via) {
			n++
		}
	}
	return n
}

// ReasonNameMatch is the code of a graph answer that holds name matches:
// callers whose receiver was not resolved, linked by the name alone.
const ReasonNameMatch = "name_match"

// NameMatches counts the callers linked by name alone: their receiver's
// type was not resolved, so they may call another function of that name.
func (r Result) NameMatches() int {
	n := 0
	for _, c := range r.Calls {
		if c.Stage == StageGraph && c.Resolution == fact.ResolvedName {
			n++
		}
	}
	return n
}
