package cascade

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/grep"
	"github.com/callcascade/callcascade/cascade/report"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// Answer is the structured JSON for scripts and AI assistants, the same from
// `callcascade callers --json` and the callcascade.findCallers command.
// Positions are zero-based, characters in UTF-16 code units (as LSP counts
// them); Location strings are 1-based file:line:col for people.
type Answer struct {
	Symbol AnswerSymbol `json:"symbol"`
	Calls  []AnswerCall `json:"calls"`
	// EntryPoints say how a framework reaches a target no code calls (a
	// route, a schedule, a hook, a command): the answer when Calls is
	// empty, instead of a search by name.
	EntryPoints []AnswerEntry `json:"entry_points,omitempty"`
	// Mentions are strings that name the target but reach no dispatch (a
	// URL, a permission): never calls, listed for the reader to judge.
	Mentions []Mention  `json:"mentions,omitempty"`
	Meta     AnswerMeta `json:"meta"`
	// Set when nothing was found: SYMBOL_NOT_FOUND, NO_CALLERS_FOUND, or
	// GRAPH_TIMEOUT when the graph ran out of time (callers unknown, not none).
	Error       string              `json:"error,omitempty"`
	Explanation string              `json:"explanation,omitempty"`
	Causes      []report.Cause      `json:"causes,omitempty"`
	Candidates  []report.Candidate  `json:"candidates,omitempty"`
	Suggestions []string            `json:"suggestions,omitempty"`  // for people: what to try, with the shell command
	NextActions []report.Suggestion `json:"next_actions,omitempty"` // for tools: each an executable command with arguments
}

// AnswerSymbol is the target.
type AnswerSymbol struct {
	Name      string `json:"name"`
	Qualified string `json:"qualified"`
	ID        string `json:"id,omitempty"` // empty when the index does not know it
	Kind      string `json:"kind,omitempty"`
	File      string `json:"file,omitempty"` // workspace-relative
	Location  string `json:"location,omitempty"`
	Root      string `json:"root"`
}

// AnswerCall is one caller (or callee, for outgoing) with its call sites.
type AnswerCall struct {
	Caller     string           `json:"caller"` // Container.name
	ID         string           `json:"id,omitempty"`
	File       string           `json:"file"`
	Location   string           `json:"location"` // the first site, 1-based
	Ranges     []AnswerRange    `json:"ranges"`   // the call sites
	Provenance AnswerProvenance `json:"provenance"`
	// Implicit: this entry is no caller but the summary of the calls that
	// send a signal implicitly (Django's save() sends post_save), with
	// their sites; Location is the line that subscribes the target.
	Implicit *AnswerImplicit `json:"implicit,omitempty"`
}

// AnswerEntry is one way a framework reaches the target.
type AnswerEntry struct {
	Kind      string      `json:"kind"` // route, scheduled, lifecycle, command
	Framework string      `json:"framework"`
	Summary   string      `json:"summary"`
	Hint      string      `json:"hint"`
	Location  string      `json:"location"` // where it is declared, 1-based
	Range     AnswerRange `json:"range"`
}

// AnswerRange is an LSP-style range.
type AnswerRange struct {
	Start AnswerPosition `json:"start"`
	End   AnswerPosition `json:"end"`
}

// AnswerPosition is zero-based line and UTF-16 character.
type AnswerPosition struct {
	Line      uint32 `json:"line"`
	Character uint32 `json:"character"`
}

// AnswerProvenance says how a call was found.
type AnswerProvenance struct {
	Stage      string `json:"stage"`      // graph, grep, keyword
	Resolution string `json:"resolution"` // ast, name, event, registration, grep, keyword
	Detail     string `json:"detail"`
	Precise    bool   `json:"precise"`
	Event      string `json:"event,omitempty"`
	Via        string `json:"via,omitempty"`
	// Reference names the function when the caller uses it as a value at
	// every site (passes, stores, returns or binds it) instead of calling
	// it, as the precise servers count such a site.
	Reference string `json:"reference,omitempty"`
}

// AnswerMeta says which stage answered and how much to trust it.
type AnswerMeta struct {
	Direction      string    `json:"direction"`
	Stage          string    `json:"stage"`
	Backend        string    `json:"backend,omitempty"`
	Strategy       string    `json:"strategy"` // precise, graph_with_name_matches, grep_fallback, keyword_fallback, framework_entry, not_found
	Degraded       bool      `json:"degraded"`
	Partial        bool      `json:"partial"`
	Warning        string    `json:"warning,omitempty"`
	Attempts       []Attempt `json:"attempts"`
	MissingSources []string  `json:"missing_sources"`
	AuthFailed     bool      `json:"auth_failed,omitempty"`
	// Index: the answer came before the first index completed.
	Index *IndexProgress `json:"index,omitempty"`
}

// Answer converts a result to its JSON form.
func (r Result) Answer() Answer {
	t := r.Target
	a := Answer{
		Symbol: AnswerSymbol{Name: t.Name, Qualified: stage.QualifiedName(t), ID: t.ID, Kind: string(t.Kind), File: t.Path, Root: r.Root},
		Calls:  make([]AnswerCall, 0, len(r.Calls)),
		Meta: AnswerMeta{Direction: r.Direction, Stage: r.Stage, Backend: r.Backend, Degraded: r.Degraded(), Partial: r.Partial,
			Attempts: r.Attempts, MissingSources: append([]string{}, r.Missing...), AuthFailed: r.AuthFailed},
	}
	if a.Meta.Attempts == nil {
		a.Meta.Attempts = []Attempt{}
	}
	if r.Found {
		a.Symbol.Location = location(t.Path, t.Selection)
	}
	names, outside, implicit := 0, 0, 0
	for _, c := range r.Calls {
		ac := AnswerCall{Caller: stage.QualifiedName(c.Symbol), ID: c.Symbol.ID, File: c.Symbol.Path, Ranges: []AnswerRange{},
			Provenance: AnswerProvenance{Stage: c.Stage, Resolution: string(c.Resolution), Detail: c.Detail, Event: c.Event, Via: c.Via, Reference: c.Ref,
				Precise: c.Stage == StageGraph && c.Resolution != fact.ResolvedName && c.Resolution != fact.ResolvedImplicit}}
		if c.Implicit != nil {
			ac.Implicit = answerImplicit(c.Implicit)
			implicit++
		}
		if r.Direction == Outgoing {
			ac.File = t.Path // outgoing call sites are in the source's file
		}
		for _, s := range c.Sites {
			ac.Ranges = append(ac.Ranges, AnswerRange{Start: AnswerPosition{s.Start.Line, s.Start.Character}, End: AnswerPosition{s.End.Line, s.End.Character}})
		}
		if len(c.Sites) > 0 {
			ac.Location = location(ac.File, c.Sites[0])
		} else {
			ac.Location = location(c.Symbol.Path, c.Symbol.Selection)
		}
		if c.Resolution == fact.ResolvedName {
			names++
			if fact.EditorUnresolved(c.Via) {
				outside++
			}
		}
		a.Calls = append(a.Calls, ac)
	}
	switch {
	case r.Stage == StageGraph && names > 0:
		a.Meta.Strategy = "graph_with_name_matches"
		a.Meta.Warning = fmt.Sprintf("%d of %d callers are name matches whose receiver was not resolved: check them before relying on them.", names, len(r.Calls))
		if outside > 0 {
			a.Meta.Warning = fmt.Sprintf("%d of %d callers are possible, not precise: %d are resolved where the editor's TypeScript server resolves nothing (a file no tsconfig includes, linked through its path aliases, or an import the config's paths map to no file), %d are name matches whose receiver was not resolved. Check them before relying on them.", names, len(r.Calls), outside, names-outside)
		}
	case r.Stage == StageGraph:
		a.Meta.Strategy = "precise"
	case r.Stage == StageGrep:
		a.Meta.Strategy = "grep_fallback"
		a.Meta.Warning = "The code graph had no answer (" + r.Reason() + "); these callers are code sites of the name found by tree-sitter grep, not resolved calls: another function of the same name would match too."
		if r.GraphCutOff() {
			a.Meta.Warning = "The code graph ran out of time before it finished (timeout): it did not find that there are no callers. These callers are code sites of the name found by tree-sitter grep, not resolved calls: another function of the same name would match too."
		} else if len(r.Calls) > 0 && grep.IsPossible(r.Calls[0].Detail) {
			a.Meta.Warning = "The code graph resolved every other call site of the name to other symbols; these are the sites it could not resolve: possible callers, not certain ones."
		}
	case r.Stage == StageKeyword:
		a.Meta.Strategy = "keyword_fallback"
		a.Meta.Warning = "No call site names the target; these functions hold a string naming it (dynamic dispatch by name, a handler table, a config key): they are likely, not certain, callers."
	case len(r.Entry) > 0:
		a.Meta.Strategy = "framework_entry"
	default:
		a.Meta.Strategy = "not_found"
	}
	if implicit > 0 {
		what := fmt.Sprintf("%d entries summarize", implicit)
		if implicit == 1 {
			what = "1 entry summarizes"
		}
		a.Meta.Warning = strings.TrimSpace(a.Meta.Warning + " " + what + " the calls that send a signal implicitly (save(), delete(), many-to-many changes): possible senders, not callers, each with its sites under implicit.sites.")
	}
	if r.Index != nil {
		a.Meta.Index = r.Index
		a.Meta.Warning = strings.TrimSpace(a.Meta.Warning + " Answered while the first index runs (" + r.Index.String() + "): callers in files not indexed yet are missing. Ask again when it completes.")
	} else if r.Partial {
		a.Meta.Warning = strings.TrimSpace(a.Meta.Warning + " The scan was cut off by its timeout: there may be more.")
	}
	a.Mentions = r.Mentions
	for _, ep := range r.Entry {
		s := ep.Span
		a.EntryPoints = append(a.EntryPoints, AnswerEntry{Kind: ep.Kind, Framework: ep.Framework, Summary: ep.Summary, Hint: ep.Hint,
			Location: location(ep.Path, s), Range: AnswerRange{Start: AnswerPosition{s.Start.Line, s.Start.Character}, End: AnswerPosition{s.End.Line, s.End.Character}}})
	}
	if r.Report != nil {
		a.Error, a.Explanation, a.Causes, a.Candidates = r.Report.Error, r.Report.Explanation, r.Report.Causes, r.Report.Candidates
		if r.Direction == Outgoing && a.Error == report.ErrNoCallersFound {
			a.Explanation = strings.Replace(a.Explanation, "No callers of", "No calls from", 1)
		}
	}
	for _, s := range r.Suggestions {
		line := s.Title
		if len(s.Shell) > 0 {
			line += ": " + shellJoin(s.Shell)
		}
		a.Suggestions = append(a.Suggestions, line)
	}
	a.NextActions = r.Suggestions
	return a
}

func location(path string, s treesitter.Span) string {
	return fmt.Sprintf("%s:%d:%d", filepath.ToSlash(path), s.Start.Line+1, s.Start.Character+1)
}

// shellJoin quotes arguments for a POSIX shell where needed.
func shellJoin(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+@") == "" {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
