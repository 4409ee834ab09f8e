package cascade

import (
	"fmt"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/report"
	"github.com/callcascade/callcascade/cascade/stage"
)

// Implicit sends: a Django receiver's answer summarizes the save(),
// delete() and many-to-many calls that send its signal in one call per
// signal and sender (Call.Implicit), not one caller per site. The sites
// travel with the summary: in the JSON answer, and through the
// showImplicitSends command that the answer's diagnostic offers.

// CommandShowImplicitSends lists the sites of one summary: arguments
// {root, symbolId (the receiver), signal, sender}.
const CommandShowImplicitSends = "callcascade.showImplicitSends"

// ImplicitSends is the summary of the calls that send a signal implicitly.
type ImplicitSends = fact.ImplicitSends

// Implicit lists the answer's summaries of implicit sends.
func (r Result) Implicit() []*ImplicitSends {
	var out []*ImplicitSends
	for _, c := range r.Calls {
		if c.Implicit != nil {
			out = append(out, c.Implicit)
		}
	}
	return out
}

// FindImplicit is the answer's summary of signal from sender, nil when it
// has none.
func (r Result) FindImplicit(signal, sender string) *ImplicitSends {
	for _, s := range r.Implicit() {
		if s.Signal == signal && s.Sender == sender {
			return s
		}
	}
	return nil
}

// implicitSuggestions offers, for each summary, the list of its sites and
// the first site outside tests.
func implicitSuggestions(r Result) []Suggestion {
	var out []Suggestion
	for _, s := range r.Implicit() {
		out = append(out, Suggestion{
			Title:     fmt.Sprintf("List the %s that send %s", s.Counts(), s.Title()),
			Command:   CommandShowImplicitSends,
			Arguments: []any{map[string]any{"root": r.Root, "symbolId": r.Target.ID, "signal": s.Signal, "sender": s.Sender}},
		})
		for _, site := range s.Sites {
			if site.Test {
				continue
			}
			line, col := int(site.Span.Start.Line)+1, int(site.Span.Start.Character)+1
			out = append(out, Suggestion{
				Title:     fmt.Sprintf("Open the first %s outside tests that sends %s (%s:%d)", site.Call, s.Title(), site.Caller.Path, line),
				Command:   report.CommandOpen,
				Arguments: []any{map[string]any{"root": r.Root, "path": site.Caller.Path, "line": line, "col": col}},
			})
			break
		}
	}
	return out
}

// AnswerImplicit is a summary call's sites in the JSON answer.
type AnswerImplicit struct {
	Signal       string               `json:"signal"`
	Sender       string               `json:"sender,omitempty"` // "" for any model
	Summary      string               `json:"summary"`          // "post_save of Order: 3 save() sites (2 outside tests)"
	Count        int                  `json:"count"`
	OutsideTests int                  `json:"outside_tests"`
	Sites        []AnswerImplicitSite `json:"sites"`
}

// AnswerImplicitSite is one call that sends the signal.
type AnswerImplicitSite struct {
	Caller   string      `json:"caller"` // Container.name of the enclosing symbol
	ID       string      `json:"id,omitempty"`
	File     string      `json:"file"`
	Location string      `json:"location"`
	Range    AnswerRange `json:"range"`
	Call     string      `json:"call"` // save(), objects.create(), tags.add()...
	Model    string      `json:"model,omitempty"`
	Test     bool        `json:"test"`
}

func answerImplicit(s *ImplicitSends) *AnswerImplicit {
	a := &AnswerImplicit{Signal: s.Signal, Sender: s.Sender, Summary: s.Summary(), Count: s.Count, OutsideTests: s.OutsideTests,
		Sites: make([]AnswerImplicitSite, 0, len(s.Sites))}
	for _, site := range s.Sites {
		sp := site.Span
		a.Sites = append(a.Sites, AnswerImplicitSite{Caller: stage.QualifiedName(site.Caller), ID: site.Caller.ID, File: site.Caller.Path,
			Location: location(site.Caller.Path, sp),
			Range:    AnswerRange{Start: AnswerPosition{sp.Start.Line, sp.Start.Character}, End: AnswerPosition{sp.End.Line, sp.End.Character}},
			Call:     site.Call, Model: site.Model, Test: site.Test})
	}
	return a
}
