// Package report builds the cascade's last stage: a structured account of
// why no stage found callers, the likely causes, and what to run next. It
// is never empty-handed: every report carries at least three suggestions,
// each an executable command with its arguments.
package report

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/stage"
)

// Stage statuses.
const (
	StatusHit     = "hit"
	StatusMiss    = "miss"
	StatusSkipped = "skipped"
)

// StageStatus is what one earlier stage was asked, saw and concluded.
type StageStatus struct {
	Stage      string  `json:"stage"`
	Backend    string  `json:"backend,omitempty"`
	Condition  string  `json:"condition"` // the stage's success condition, in words
	Observed   string  `json:"observed"`  // what it saw
	Status     string  `json:"status"`    // hit, miss, skipped
	Reason     string  `json:"reason,omitempty"`
	DurationMs float64 `json:"durationMs"`
	Count      int     `json:"count"`
}

// Cause is a likely reason the callers were not found.
type Cause struct {
	Code string `json:"code"` // resolved_elsewhere, framework_entry, decorator, dependency_injection, dynamic_dispatch, stale_index, index_incomplete, unsupported_language, excluded_file, oversized_file, backend_down, dead_code
	Text string `json:"text"`
}

// Suggestion is an executable next step: an LSP command with its arguments
// (for editors, through workspace/executeCommand) and the same step as a
// shell command line (for people and assistants outside an editor).
type Suggestion struct {
	Title     string   `json:"title"`
	Command   string   `json:"command"`
	Arguments []any    `json:"arguments"`
	Shell     []string `json:"shell,omitempty"`
}

// Command identifiers the server executes.
const (
	CommandReindex     = "callcascade.reindex"
	CommandFindCallers = "callcascade.findCallers"
	CommandShowMatches = "callcascade.showGrepMatches"
	CommandOpen        = "callcascade.openLocation"
	CommandCopyReport  = "callcascade.copyReport"
	CommandStatus      = "callcascade.status"
	CommandSearchText  = "callcascade.searchLiterals"
)

// Candidate is a place worth opening, as the stages that missed left it.
type Candidate = stage.Candidate

// Input is what the engine knows when every earlier stage missed.
type Input struct {
	Root       string   // absolute workspace root
	Name       string   // the target's name
	Qualified  string   // Container.name, or name
	Path       string   // workspace-relative declaration path, "" when not indexed
	Line, Col  int      // 1-based declaration position, 0 when unknown
	Language   string   // "" when the file's language is unsupported
	Found      bool     // the target is in the index
	Decorators []string // decorator/annotation names on the target
	Roles      []string // framework roles known for the target ("NestJS route GET /fees")
	// Entry are the roles (as in Roles) by which a framework reaches the
	// target on its own: a route, a schedule, a hook, a command. With no
	// caller in the code, they are the answer.
	Entry  []string
	Events []string // event names, topics or signals the target subscribes to
	// ComputedKeys are keys the target subscribes to that are built when
	// the application runs, as written (a property placeholder, a
	// concatenation with a variable): searched for as text, never linked.
	ComputedKeys []string
	Method       bool // a method of a class or type (DI and dispatch apply)
	Stages       []StageStatus
	Candidates   []Candidate
	Excluded     bool // the target's file is excluded by settings or .gitignore
	Oversized    bool // the target's file is over the size limit
	Stale        bool // grep saw call sites the graph does not have
	// Indexing is the first index's progress in words when it is still
	// running ("indexing 1,240 of 7,372 files"), else "".
	Indexing    string
	BackendDown bool
	// GraphTimedOut: the graph ran out of time on the name's call sites;
	// its silence is not "no callers".
	GraphTimedOut bool
	// Ambiguous counts the code sites grep left out as no evidence for the
	// target: receivers the code graph could not type, of a name Namesakes
	// workspace functions and methods share (the target included).
	Ambiguous, Namesakes int
	// GrepSites is how many code sites of the name the grep stage saw; -1
	// when it did not run to the end.
	GrepSites int
	// Mentions are strings naming the target that reach no dispatch.
	Mentions []stage.Mention
	// Elsewhere says what the call sites of the name that the graph
	// resolved to other symbols call, one entry per site.
	Elsewhere []string
}

// Report is the structured not-found.
type Report struct {
	Error       string        `json:"error"` // SYMBOL_NOT_FOUND, NO_CALLERS_FOUND or GRAPH_TIMEOUT
	Symbol      string        `json:"symbol"`
	Explanation string        `json:"explanation"`
	Stages      []StageStatus `json:"stages"`
	Causes      []Cause       `json:"causes"`
	Candidates  []Candidate   `json:"candidates,omitempty"`
	Suggestions []Suggestion  `json:"suggestions"`
}

// Error codes of a report.
const (
	ErrSymbolNotFound = "SYMBOL_NOT_FOUND"
	ErrNoCallersFound = "NO_CALLERS_FOUND"
	// ErrGraphTimeout: the code graph ran out of time on the name's call
	// sites and no fallback found any: the callers are unknown, which is
	// not "none" (issue 14).
	ErrGraphTimeout = "GRAPH_TIMEOUT"
)

// Build writes the report for in.
func Build(in Input) Report {
	r := Report{Symbol: in.Qualified, Stages: in.Stages, Candidates: in.Candidates}
	if r.Symbol == "" {
		r.Symbol = in.Name
	}
	switch {
	case in.Found && in.GraphTimedOut && len(in.Entry) == 0:
		r.Error = ErrGraphTimeout
	case in.Found:
		r.Error = ErrNoCallersFound
	default:
		r.Error = ErrSymbolNotFound
	}
	r.Causes = causes(in)
	r.Explanation = explain(in, r)
	r.Suggestions = suggestions(in)
	return r
}

func causes(in Input) []Cause {
	var out []Cause
	add := func(code, format string, args ...any) {
		out = append(out, Cause{Code: code, Text: fmt.Sprintf(format, args...)})
	}
	switch {
	case in.GraphTimedOut:
		add("graph_timeout", "the code graph ran out of time before it finished with the call sites of %s: that is not \"no callers\"; a longer graph timeout (--graph-timeout, graphTimeoutMs) lets it finish", in.Name)
	case in.BackendDown:
		add("backend_down", "the code graph backend did not answer, so the graph's edges were not consulted")
	}
	if in.Language == "" && in.Path != "" {
		add("unsupported_language", "%s is in a language callcascade does not parse", in.Path)
	}
	if in.Excluded {
		add("excluded_file", "%s is excluded (settings or .gitignore), so it is not indexed or searched", in.Path)
	}
	if in.Oversized {
		add("oversized_file", "%s is over the size limit, so it is not indexed or searched", in.Path)
	}
	for _, e := range in.Entry {
		add("framework_entry", "no code calls it: %s", e)
	}
	for _, role := range in.Roles {
		if !endsOneOf(in.Entry, role) {
			add("decorator", "%s", role)
		}
	}
	if len(in.Roles) == 0 && len(in.Decorators) > 0 {
		add("decorator", "decorated with @%s: a framework may call it through the decorator", strings.Join(in.Decorators, ", @"))
	}
	if in.Indexing != "" {
		add("index_incomplete", "the first index is still running (%s): callers in files not indexed yet are missing, and the answer is published again when it completes", in.Indexing)
	}
	if in.Stale {
		add("stale_index", "the workspace has call sites of %s that the index does not: it may be out of date", in.Name)
	}
	if !in.Found {
		add("stale_index", "%s is not in the index: the file may be new, unsaved, or not yet indexed", in.Name)
	}
	if in.Found && len(in.Elsewhere) > 0 && in.GrepSites == 0 {
		add("resolved_elsewhere", "every call site of %s in the workspace (%d) was resolved by the code graph to something else: %s",
			in.Name, len(in.Elsewhere), distinct(in.Elsewhere, 3))
	}
	// With no code site of the name anywhere, no injected field or handler
	// table can call it by that name: unused code is the likeliest answer.
	deadFirst := in.Found && in.GrepSites == 0 && len(in.Roles) == 0 && len(in.Decorators) == 0
	dead := func() {
		add("dead_code", "nothing in the workspace may call it: it could be unused, or called only from outside the workspace (tests, other repositories, public API)")
	}
	if deadFirst {
		dead()
	}
	if in.Ambiguous > 0 {
		add("ambiguous_name", "%d call %s of %s %s a receiver the code graph could not type, and %d functions and methods of the workspace are named %s: any of them may be the one called, so they are candidates to open, not callers",
			in.Ambiguous, plural(in.Ambiguous, "site", "sites"), in.Name, plural(in.Ambiguous, "has", "have"), in.Namesakes, in.Name)
	}
	if in.Method && in.GrepSites != 0 {
		add("dependency_injection", "a method can be reached through an injected or untyped field whose type the index could not resolve")
	}
	add("dynamic_dispatch", "the name may be called dynamically (a string key built at run time, reflection, getattr, a handler table)")
	if !deadFirst && len(in.Roles) == 0 && len(in.Decorators) == 0 && in.Found {
		dead()
	}
	return out
}

func explain(in Input, r Report) string {
	var b strings.Builder
	if len(in.Entry) > 0 {
		fmt.Fprintf(&b, "%s is a framework entry point: %s. No code calls it, so no search by name was made.", r.Symbol, strings.Join(in.Entry, "; "))
		return b.String()
	}
	if r.Error == ErrGraphTimeout {
		// Said for either direction (the report does not know which).
		fmt.Fprintf(&b, "The code graph ran out of time on %s before it finished, and nothing after it found an answer: the answer is unknown, not empty.", r.Symbol)
	} else if in.Found && len(in.Mentions) > 0 {
		fmt.Fprintf(&b, "No callers of %s in code; %d %s in strings that reach no dispatch (not calls): %s.", r.Symbol, len(in.Mentions),
			plural(len(in.Mentions), "mention", "mentions"), mentionList(in.Mentions, 3))
	} else if in.Found && len(in.Elsewhere) > 0 && in.GrepSites == 0 {
		fmt.Fprintf(&b, "No callers of %s in code.", r.Symbol)
	} else if in.Found {
		fmt.Fprintf(&b, "No callers of %s were found.", r.Symbol)
	} else {
		fmt.Fprintf(&b, "%s is not in the index, and no stage found callers by name.", r.Symbol)
	}
	for _, s := range in.Stages {
		fmt.Fprintf(&b, " %s: %s", stageLabel(s), s.Observed)
		if !strings.HasSuffix(s.Observed, ".") {
			b.WriteString(".")
		}
	}
	if len(r.Causes) > 0 {
		fmt.Fprintf(&b, " Most likely: %s.", r.Causes[0].Text)
	}
	return b.String()
}

func stageLabel(s StageStatus) string {
	if s.Backend != "" {
		return s.Stage + " (" + s.Backend + ")"
	}
	return s.Stage
}

// suggestions are the next steps for a degraded or empty answer, each
// once, the likeliest to find the callers first: a place to read, where the
// framework's publishers are, the decorator's other uses, every mention of
// the name, then re-indexing and the report itself.
func suggestions(in Input) []Suggestion {
	return rankSuggestions(allSuggestions(in))
}

// suggestionRank orders suggestions by command (lower first).
var suggestionRank = map[string]int{
	CommandOpen: 0, CommandSearchText: 1, CommandShowMatches: 2, CommandFindCallers: 3,
	CommandReindex: 4, CommandStatus: 5, CommandCopyReport: 6,
}

// rankSuggestions drops repeats (the same command with the same arguments)
// and orders the rest by suggestionRank, stably.
func rankSuggestions(in []Suggestion) []Suggestion {
	seen := map[string]bool{}
	out := make([]Suggestion, 0, len(in))
	for _, s := range in {
		key := s.Command + fmt.Sprint(s.Arguments)
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, ok := suggestionRank[out[i].Command]
		if !ok {
			ri = len(suggestionRank)
		}
		rj, ok := suggestionRank[out[j].Command]
		if !ok {
			rj = len(suggestionRank)
		}
		return ri < rj
	})
	return out
}

func allSuggestions(in Input) []Suggestion {
	var out []Suggestion
	name := in.Name
	target := map[string]any{"name": in.Qualified, "root": in.Root}
	for i, c := range in.Candidates {
		if i == 3 {
			break
		}
		out = append(out, Suggestion{
			Title:     fmt.Sprintf("Open likely caller %s (%s:%d)", c.Name, c.Path, c.Line),
			Command:   CommandOpen,
			Arguments: []any{map[string]any{"root": in.Root, "path": c.Path, "line": c.Line, "col": c.Col}},
			Shell:     []string{"sed", "-n", fmt.Sprintf("%d,%dp", max(1, c.Line-3), c.Line+3), path.Join(in.Root, c.Path)},
		})
	}
	out = append(out,
		Suggestion{
			Title:     "Re-index the workspace",
			Command:   CommandReindex,
			Arguments: []any{map[string]any{"root": in.Root}},
			Shell:     []string{"callcascade", "index", in.Root},
		},
		Suggestion{
			Title:     fmt.Sprintf("Show every mention of %s in code (grep)", name),
			Command:   CommandShowMatches,
			Arguments: []any{map[string]any{"name": name, "root": in.Root}},
			Shell:     []string{"rg", "-n", "-w", "--fixed-strings", name, in.Root},
		},
		Suggestion{
			Title:     "Copy the JSON report",
			Command:   CommandCopyReport,
			Arguments: []any{target},
			Shell:     []string{"callcascade", "callers", "--json", "--root", in.Root, in.Qualified},
		},
	)
	for _, ev := range in.Events {
		ev = searchableKey(ev)
		out = append(out, Suggestion{
			Title:     fmt.Sprintf("Search the workspace for the event '%s' (its publishers)", ev),
			Command:   CommandSearchText,
			Arguments: []any{map[string]any{"text": ev, "root": in.Root}},
			Shell:     []string{"rg", "-n", "--fixed-strings", ev, in.Root},
		})
	}
	for _, expr := range in.ComputedKeys {
		text := computedKeyText(expr)
		out = append(out, Suggestion{
			Title:     fmt.Sprintf("Search the workspace for %s, the key written as %s (computed when the application runs, so not linked)", text, expr),
			Command:   CommandSearchText,
			Arguments: []any{map[string]any{"text": text, "root": in.Root}},
			Shell:     []string{"rg", "-n", "--fixed-strings", text, in.Root},
		})
	}
	// Where the name's call sites resolve to another symbol (an override's
	// callers call its base method, a controller's findAll its service's),
	// that symbol's callers are the next question.
	for _, sym := range resolvedTo(in.Elsewhere, 2) {
		id := sym.path + "#" + sym.qualified
		out = append(out, Suggestion{
			Title:     fmt.Sprintf("Find the callers of %s (%s): the call sites of %s resolve to it", sym.qualified, sym.path, name),
			Command:   CommandFindCallers,
			Arguments: []any{map[string]any{"name": id, "root": in.Root}},
			Shell:     []string{"callcascade", "callers", "--json", "--root", in.Root, id},
		})
	}
	if len(in.Decorators) > 0 {
		ds := append([]string(nil), in.Decorators...)
		sort.Strings(ds)
		out = append(out, Suggestion{
			Title:     fmt.Sprintf("Show the other uses of @%s (publishers, routes, registrations)", ds[0]),
			Command:   CommandShowMatches,
			Arguments: []any{map[string]any{"name": ds[0], "root": in.Root}},
			Shell:     []string{"rg", "-n", "-w", "--fixed-strings", ds[0], in.Root},
		})
	}
	return out
}

// endsOneOf reports whether one of list ends with s: an entry point's hint
// says its role's hint, its schedule in words first.
func endsOneOf(list []string, s string) bool {
	for _, x := range list {
		if strings.HasSuffix(x, s) {
			return true
		}
	}
	return false
}

// computedKeyText is what to search for to find the value of a key built
// when the application runs: the property a Spring placeholder names
// (${billing.topics} is set in a configuration file, and producers read the
// same property), else the expression as written.
func computedKeyText(expr string) string {
	if _, rest, ok := strings.Cut(expr, "${"); ok {
		if name, _, ok := strings.Cut(rest, "}"); ok {
			name, _, _ = strings.Cut(name, ":") // ${name:default}
			if name = strings.TrimSpace(name); name != "" {
				return name
			}
		}
	}
	return expr
}

// searchableKey is the text publishers of an event key write: a key named
// by its declaration ("Jobs.Welcome (src/jobs.ts, value not evaluated)",
// "OrderPlaced (src/events.ts)") is written as the expression; every job
// of a queue ("mail/*") is added to the queue named "mail".
func searchableKey(ev string) string {
	if i := strings.Index(ev, " ("); i > 0 && strings.HasSuffix(ev, ")") {
		ev = ev[:i]
	}
	return strings.TrimSuffix(ev, "/*")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// mentionList names up to max mentions: "app/urls.py:4 'run/', ...".
func mentionList(ms []stage.Mention, max int) string {
	var parts []string
	for i, m := range ms {
		if i == max {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprintf("%s:%d '%s'", m.Path, m.Line, m.Text))
	}
	return strings.Join(parts, ", ")
}

// distinct lists up to max distinct values, in order of first appearance.
// symbolAt is a workspace symbol named in an Elsewhere entry.
type symbolAt struct{ qualified, path string }

// elsewhereEntry reads an Elsewhere entry the graph writes for a workspace
// symbol: "Container.name (path)". Entries about no symbol ("outside the
// workspace") do not match.
var elsewhereEntry = regexp.MustCompile(`^([\p{L}\p{N}_$.]+) \(([^()]+)\)$`)

// resolvedTo lists, most sites first, up to max workspace symbols the
// Elsewhere entries name.
func resolvedTo(elsewhere []string, max int) []symbolAt {
	counts := map[symbolAt]int{}
	var order []symbolAt
	for _, e := range elsewhere {
		m := elsewhereEntry.FindStringSubmatch(e)
		if m == nil {
			continue
		}
		sym := symbolAt{qualified: m[1], path: m[2]}
		if counts[sym] == 0 {
			order = append(order, sym)
		}
		counts[sym]++
	}
	sort.SliceStable(order, func(i, j int) bool { return counts[order[i]] > counts[order[j]] })
	return order[:min(len(order), max)]
}

func distinct(values []string, max int) string {
	seen := map[string]bool{}
	var out []string
	for _, v := range values {
		if seen[v] {
			continue
		}
		seen[v] = true
		if len(out) == max {
			out = append(out, "…")
			break
		}
		out = append(out, v)
	}
	return strings.Join(out, "; ")
}
