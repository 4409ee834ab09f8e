package report_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/report"
)

// stagesMissed is what the engine hands the report when every stage missed.
func stagesMissed() []report.StageStatus {
	return []report.StageStatus{
		{Stage: "graph", Backend: "embedded", Condition: "the symbol is indexed and has at least one caller edge", Observed: "Jobs.sweep is indexed and has no caller edge", Status: report.StatusMiss, Reason: "no_callers"},
		{Stage: "grep", Condition: "1..50 code call sites", Observed: "0 code sites of \"sweep\" in 0 candidate files", Status: report.StatusMiss, Reason: "no_matches"},
		{Stage: "keyword", Condition: "a string literal scores above the threshold", Observed: "words sweep: no string literal scored above 0.50", Status: report.StatusMiss, Reason: "no_relevant_matches"},
	}
}

func deadMethod() report.Input {
	return report.Input{
		Root: "/ws", Name: "sweep", Qualified: "Jobs.sweep", Path: "src/jobs.ts", Line: 12, Col: 3,
		Language: "typescript", Found: true, Method: true, Stages: stagesMissed(),
	}
}

func causeCodes(r report.Report) []string {
	var out []string
	for _, c := range r.Causes {
		out = append(out, c.Code)
	}
	return out
}

// Whatever the input, a report is never empty-handed: an error code, an
// explanation, and at least three suggestions a client can execute.
func TestBuildIsNeverEmptyHanded(t *testing.T) {
	inputs := map[string]report.Input{
		"dead method":      deadMethod(),
		"name only":        {Name: "x"},
		"nothing at all":   {},
		"not indexed":      {Root: "/ws", Name: "newThing", Qualified: "newThing", Stages: stagesMissed()},
		"unsupported file": {Root: "/ws", Name: "run", Qualified: "run", Path: "tools/run.rb", Found: true},
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			r := report.Build(in)
			if r.Error != report.ErrNoCallersFound && r.Error != report.ErrSymbolNotFound {
				t.Errorf("error = %q", r.Error)
			}
			if strings.TrimSpace(r.Explanation) == "" {
				t.Errorf("empty explanation")
			}
			if len(r.Causes) == 0 {
				t.Errorf("no likely cause")
			}
			checkSuggestions(t, r.Suggestions)
		})
	}
}

func checkSuggestions(t *testing.T, ss []report.Suggestion) {
	t.Helper()
	if len(ss) < 3 {
		t.Errorf("%d suggestions, want at least 3", len(ss))
	}
	for _, s := range ss {
		if s.Title == "" || s.Command == "" || len(s.Arguments) == 0 || len(s.Shell) == 0 {
			t.Errorf("suggestion not executable: %+v", s)
		}
		if !strings.HasPrefix(s.Command, "callcascade.") {
			t.Errorf("suggestion %q runs %q, not one of the server's commands", s.Title, s.Command)
		}
		for _, a := range s.Arguments {
			if a == nil {
				t.Errorf("suggestion %q has a nil argument", s.Title)
			}
		}
	}
}

func TestBuildErrorCodes(t *testing.T) {
	if got := report.Build(deadMethod()).Error; got != report.ErrNoCallersFound {
		t.Errorf("indexed symbol: %s, want %s", got, report.ErrNoCallersFound)
	}
	in := deadMethod()
	in.Found, in.Path, in.Line, in.Col = false, "", 0, 0
	r := report.Build(in)
	if r.Error != report.ErrSymbolNotFound {
		t.Errorf("symbol not in the index: %s, want %s", r.Error, report.ErrSymbolNotFound)
	}
	if !slices.Contains(causeCodes(r), "stale_index") {
		t.Errorf("causes of a symbol not in the index %v lack stale_index", causeCodes(r))
	}
	if slices.Contains(causeCodes(r), "dead_code") {
		t.Errorf("a symbol the index does not know is called dead code: %v", causeCodes(r))
	}
}

// Each stage the engine tried appears with its condition, what it saw and
// its status, in order, and the explanation names each.
func TestBuildListsEveryStage(t *testing.T) {
	in := deadMethod()
	r := report.Build(in)
	if len(r.Stages) != len(in.Stages) {
		t.Fatalf("%d stages in the report, %d tried", len(r.Stages), len(in.Stages))
	}
	for i, s := range r.Stages {
		if s.Stage != in.Stages[i].Stage || s.Condition == "" || s.Observed == "" || s.Status == "" {
			t.Errorf("stage %d = %+v, want %s with condition, observation and status", i, s, in.Stages[i].Stage)
		}
		if !strings.Contains(r.Explanation, s.Observed) {
			t.Errorf("explanation %q does not say what %s observed", r.Explanation, s.Stage)
		}
	}
}

func TestBuildCauses(t *testing.T) {
	cases := []struct {
		name    string
		edit    func(*report.Input)
		want    []string // codes that must be present
		notWant []string
	}{
		{name: "decorated", edit: func(in *report.Input) { in.Decorators = []string{"Cron"} }, want: []string{"decorator"}, notWant: []string{"dead_code"}},
		{name: "framework role", edit: func(in *report.Input) { in.Roles = []string{"NestJS route GET /fees"} }, want: []string{"decorator"}, notWant: []string{"dead_code"}},
		{name: "plain function", edit: func(in *report.Input) { in.Method = false }, want: []string{"dead_code", "dynamic_dispatch"}, notWant: []string{"decorator", "unsupported_language"}},
		{name: "excluded", edit: func(in *report.Input) { in.Excluded = true }, want: []string{"excluded_file"}},
		{name: "oversized", edit: func(in *report.Input) { in.Oversized = true }, want: []string{"oversized_file"}},
		{name: "unsupported language", edit: func(in *report.Input) { in.Path, in.Language = "tools/run.rb", "" }, want: []string{"unsupported_language"}},
		{name: "stale index", edit: func(in *report.Input) { in.Stale = true }, want: []string{"stale_index"}},
		{name: "backend down", edit: func(in *report.Input) { in.BackendDown = true }, want: []string{"backend_down"}},
		{name: "many namesakes", edit: func(in *report.Input) { in.GrepSites, in.Ambiguous, in.Namesakes = 3, 3, 12 }, want: []string{"ambiguous_name"}},
		{name: "few namesakes", edit: func(in *report.Input) { in.GrepSites = 3 }, notWant: []string{"ambiguous_name"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := deadMethod()
			tc.edit(&in)
			r := report.Build(in)
			codes := causeCodes(r)
			for _, w := range tc.want {
				if !slices.Contains(codes, w) {
					t.Errorf("causes %v lack %s", codes, w)
				}
			}
			for _, w := range tc.notWant {
				if slices.Contains(codes, w) {
					t.Errorf("causes %v include %s", codes, w)
				}
			}
			for _, c := range r.Causes {
				if c.Text == "" {
					t.Errorf("cause %s has no text", c.Code)
				}
			}
		})
	}
}

// A decorated target gets a suggestion to look at the decorator's other
// uses; candidates become "open" suggestions, at most three, best first.
func TestBuildSuggestions(t *testing.T) {
	in := deadMethod()
	in.Decorators = []string{"OnEvent"}
	in.Candidates = []report.Candidate{
		{Name: "Runner.run", Path: "src/runner.ts", Line: 40, Col: 5, Why: "grep: call"},
		{Name: "a", Path: "src/a.ts", Line: 1, Col: 1},
		{Name: "b", Path: "src/b.ts", Line: 2, Col: 1},
		{Name: "c", Path: "src/c.ts", Line: 3, Col: 1},
	}
	r := report.Build(in)
	checkSuggestions(t, r.Suggestions)
	var opens, decorator, reindex int
	for _, s := range r.Suggestions {
		switch {
		case s.Command == report.CommandOpen:
			opens++
		case s.Command == report.CommandShowMatches && strings.Contains(s.Title, "@OnEvent"):
			decorator++
		case s.Command == report.CommandReindex:
			reindex++
		}
	}
	if opens != 3 || decorator != 1 || reindex != 1 {
		t.Errorf("open %d, decorator %d, reindex %d suggestions; want 3, 1, 1: %+v", opens, decorator, reindex, r.Suggestions)
	}
	first := r.Suggestions[0]
	args, ok := first.Arguments[0].(map[string]any)
	if first.Command != report.CommandOpen || !ok || args["path"] != "src/runner.ts" || args["line"] != 40 {
		t.Errorf("first suggestion = %+v, want to open the best candidate src/runner.ts:40", first)
	}
	if len(r.Candidates) != len(in.Candidates) {
		t.Errorf("report keeps %d candidates of %d", len(r.Candidates), len(in.Candidates))
	}
}

// A key built when the application runs is not linked; the report offers
// to search for it as written instead (issue 13).
func TestBuildSuggestsSearchingAComputedKey(t *testing.T) {
	in := deadMethod()
	in.ComputedKeys = []string{"fw.${eddie.id}.termination", "prefix + '.created'"}
	r := report.Build(in)
	checkSuggestions(t, r.Suggestions)
	// A Spring placeholder's value is set in configuration and read by
	// producers under the property's name: that is what to search for.
	want := map[string]bool{"eddie.id": false, "prefix + '.created'": false}
	for _, s := range r.Suggestions {
		args, _ := s.Arguments[0].(map[string]any)
		text, _ := args["text"].(string)
		if _, ok := want[text]; ok && s.Command == report.CommandSearchText && s.Shell[len(s.Shell)-2] == text {
			want[text] = true
		}
	}
	for text, found := range want {
		if !found {
			t.Errorf("no suggestion searches for %q: %+v", text, r.Suggestions)
		}
	}
}

// Names full of shell and regex metacharacters reach the suggestions as
// single arguments, never spliced into a command string.
func TestBuildOddNamesStayOneArgument(t *testing.T) {
	name := `a b;$(rm -rf /)|*`
	in := report.Input{Root: "/my ws", Name: name, Qualified: name}
	r := report.Build(in)
	checkSuggestions(t, r.Suggestions)
	for _, s := range r.Suggestions {
		if s.Command == report.CommandShowMatches && !slices.Contains(s.Shell, name) {
			t.Errorf("grep suggestion %q does not pass the name as one argument: %q", s.Title, s.Shell)
		}
	}
}

// Each next step once, the likeliest to find callers first: a place to
// read, the framework's publishers, mentions, and re-indexing after them.
func TestBuildSuggestionsAreUniqueAndRanked(t *testing.T) {
	in := deadMethod()
	in.Events = []string{"order.paid", "order.paid (src/events.ts)"}
	in.Decorators = []string{"OnEvent", "OnEvent"}
	in.Candidates = []report.Candidate{{Name: "Runner.run", Path: "src/runner.ts", Line: 4, Col: 3}}
	r := report.Build(in)
	seen := map[string]bool{}
	rank := map[string]int{}
	for i, s := range r.Suggestions {
		key := s.Command + fmt.Sprint(s.Arguments)
		if seen[key] {
			t.Errorf("suggestion %q repeated", s.Title)
		}
		seen[key] = true
		if _, ok := rank[s.Command]; !ok {
			rank[s.Command] = i
		}
	}
	if !(rank[report.CommandOpen] < rank[report.CommandSearchText] && rank[report.CommandSearchText] < rank[report.CommandShowMatches] &&
		rank[report.CommandShowMatches] < rank[report.CommandReindex] && rank[report.CommandReindex] < rank[report.CommandCopyReport]) {
		t.Errorf("suggestions out of order: %+v", r.Suggestions)
	}
}

// When every call site of the name resolves to another symbol (an
// override's callers call the base method), the report offers to ask about
// that symbol, by its ID, the most called first; an entry about no
// workspace symbol offers nothing.
func TestBuildSuggestsTheSymbolTheSitesResolveTo(t *testing.T) {
	in := deadMethod()
	in.GrepSites = 0
	in.Elsewhere = []string{"Repo.save (app/ports.py)", "outside the workspace", "FolderRepo.save (app/folders.py)", "Repo.save (app/ports.py)"}
	r := report.Build(in)
	checkSuggestions(t, r.Suggestions)
	var asked []string
	for _, s := range r.Suggestions {
		if s.Command != report.CommandFindCallers {
			continue
		}
		args, _ := s.Arguments[0].(map[string]any)
		if name, _ := args["name"].(string); strings.Contains(name, "#") {
			asked = append(asked, name)
			if s.Shell[len(s.Shell)-1] != name {
				t.Errorf("%q: the shell line %v asks about something else", s.Title, s.Shell)
			}
		}
	}
	if want := []string{"app/ports.py#Repo.save", "app/folders.py#FolderRepo.save"}; !slices.Equal(asked, want) {
		t.Errorf("asked about %v, want %v (the most called first)", asked, want)
	}
}
