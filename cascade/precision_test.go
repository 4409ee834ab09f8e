package cascade_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
	"github.com/callcascade/callcascade/cascade/grep"
)

// Issue 14: every item of a call list is a caller. These tests ask the
// engine (the real store, resolver, grep and keyword stages) about the
// testdata/py-precision and testdata/ts-precision fixtures.

// readFixture reads a testdata fixture's source files (slash paths).
func readFixture(t *testing.T, name string) map[string]string {
	t.Helper()
	root := filepath.Join("..", "testdata", name)
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".md") {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// withGrep is newEngine with the real grep stage over the fixture.
func withGrep(f *fixture, fake *faultyStore, cfg cascade.Config) *cascade.Engine {
	e := newEngine(f, fake, cfg)
	e.Grep = grep.NewWorkspaceSearcher(f.root, files.WalkOptions{}, nil, &grep.Searcher{})
	return e
}

// method is the one method named name in container.
func (f *fixture) method(t *testing.T, container, name string) fact.Symbol {
	t.Helper()
	syms, err := f.store.SymbolsByName(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Container == container {
			return s
		}
	}
	t.Fatalf("no method %s.%s", container, name)
	return fact.Symbol{}
}

func details(calls []cascade.Call) []string {
	var out []string
	for _, c := range calls {
		out = append(out, c.Symbol.Name+" · "+c.Detail)
	}
	return out
}

// A controller's findAll calls its service's findAll: the graph resolves
// that site to the service, so grep does not list it as a caller of the
// controller's findAll. The site it cannot type (repo: any) is a possible
// caller, flagged.
func TestEngineGrepNeverContradictsTheGraph(t *testing.T) {
	f := newFixture(t, readFixture(t, "ts-precision"))
	e := withGrep(f, nil, roomy())
	res, err := e.Incoming(context.Background(), f.method(t, "OrdersController", "findAll"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Stage != cascade.StageGrep || res.Reason() != cascade.ReasonNoCallers {
		t.Fatalf("answered by %s (reason %s), want grep after no_callers: %s", res.Stage, res.Reason(), describe(res))
	}
	want := []string{"summarize · grep fallback: call" + grep.PossibleNote}
	if diff := cmp.Diff(want, details(res.Calls)); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
	if a := attemptOf(t, res, cascade.StageGrep, ""); !strings.Contains(a.Observed, "besides 1 the code graph resolved to other symbols") {
		t.Errorf("grep observed %q, want it to count the site resolved elsewhere", a.Observed)
	}

	// Without the untyped caller, every site of the name is the service's:
	// no callers in code, the report is the answer.
	files := readFixture(t, "ts-precision")
	files["src/orders.controller.ts"] = files["src/orders.controller.ts"][:strings.Index(files["src/orders.controller.ts"], "export function summarize")]
	f = newFixture(t, files)
	res, err = withGrep(f, nil, roomy()).Incoming(context.Background(), f.method(t, "OrdersController", "findAll"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Stage != cascade.StageReport || len(res.Calls) != 0 || res.Report == nil {
		t.Fatalf("answered by %s with %v, want the report and no calls: %s", res.Stage, callerNames(res.Calls), describe(res))
	}
	if a := attemptOf(t, res, cascade.StageGrep, ""); a.Reason != cascade.ReasonNoMatches || !strings.Contains(a.Observed, "no callers in code") {
		t.Errorf("grep attempt %s %q, want no_matches saying no callers in code", a.Reason, a.Observed)
	}
	if c := res.Report.Causes; len(c) == 0 || c[0].Code != "resolved_elsewhere" || !strings.Contains(c[0].Text, "OrdersService.findAll (src/orders.service.ts)") {
		t.Errorf("causes %+v, want first that every site calls OrdersService.findAll", c)
	}
	if !strings.HasPrefix(res.Report.Explanation, "No callers of OrdersController.findAll in code.") {
		t.Errorf("explanation %q, want it to start with no callers in code", res.Report.Explanation)
	}
}

// After a graph answer of no_callers, grep parses only what the graph
// cannot vouch for: a file indexed as it is now, every site of the name in
// it resolved elsewhere, is not parsed again; a file changed on disk since
// the index is, and its new site is a possible caller.
func TestEngineGrepParsesOnlyWhatTheGraphHasNotDecided(t *testing.T) {
	files := readFixture(t, "ts-precision")
	for rel, text := range files { // the marker comments name findAll: a comment is parsed to be told apart
		files[rel] = regexp.MustCompile(`// @.*`).ReplaceAllString(text, "")
	}
	full := files["src/orders.controller.ts"]
	files["src/orders.controller.ts"] = full[:strings.Index(full, "export function summarize")]
	f := newFixture(t, files)
	target := f.method(t, "OrdersController", "findAll")
	res, err := withGrep(f, nil, roomy()).Incoming(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	// (The fixture's other file never names OrdersController: not read at
	// all, typednames.go.)
	a := attemptOf(t, res, cascade.StageGrep, "")
	if len(res.Calls) != 0 || !strings.Contains(a.Observed, "no callers in code") || !strings.Contains(a.Observed, "1 files holding the name read as the code graph indexed them") {
		t.Fatalf("calls %v, grep observed %q: want no calls and no file parsed again", callerNames(res.Calls), a.Observed)
	}

	// The untyped caller is written to disk and not indexed yet.
	if err := os.WriteFile(filepath.Join(f.root, "src", "orders.controller.ts"), []byte(full), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = withGrep(f, nil, roomy()).Incoming(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"summarize · grep fallback: call" + grep.PossibleNote}
	if diff := cmp.Diff(want, details(res.Calls)); diff != "" {
		t.Errorf("calls after the file changed on disk (-want +got):\n%s\n%s", diff, describe(res))
	}

	// An indexed file where the name also occurs where the graph recorded
	// nothing (a method passed as a JSX attribute, beside a declaration it
	// knows) is parsed: grep tells a reference from a comment.
	// (It names OrdersController: a TypeScript file that names no type of
	// the target's is out of scope whatever it holds.)
	files["src/picker.tsx"] = "import type { OrdersController } from './orders.controller';\n\nexport class Picker {\n  findAll(): string[] { return []; }\n  render(repo: any) { return <List load={repo.findAll} />; }\n}\n"
	f = newFixture(t, files)
	res, err = withGrep(f, nil, roomy()).Incoming(context.Background(), f.method(t, "OrdersController", "findAll"))
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"render · Picker · grep fallback: reference (passed as a value)" + grep.PossibleNote}
	if diff := cmp.Diff(want, details(res.Calls)); diff != "" {
		t.Errorf("calls with a reference the graph did not record (-want +got):\n%s\n%s", diff, describe(res))
	}
}

// When the graph could not answer (a timeout), it resolved nothing: grep
// answers by name as before, its sites not flagged as left over.
func TestEngineGrepAfterAGraphTimeoutExcludesNothing(t *testing.T) {
	f := newFixture(t, readFixture(t, "ts-precision"))
	target := f.method(t, "OrdersController", "findAll")
	fake := newFaultyStore(f.store)
	defer fake.unblock()
	fake.set(honourCtx, nil)
	cfg := roomy()
	cfg.GraphTimeout = faultTimeout
	e := &cascade.Engine{Root: f.root, Graphs: []cascade.GraphBackend{{Name: sharedBackend, Store: fake, Resolver: &resolve.Resolver{Store: fake}}},
		Grep: grep.NewWorkspaceSearcher(f.root, files.WalkOptions{}, nil, &grep.Searcher{}), Config: cfg, Breakers: &cascade.Breakers{}}
	res, err := e.Incoming(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stage != cascade.StageGrep || res.Reason() != cascade.ReasonTimeout {
		t.Fatalf("answered by %s (reason %s), want grep after a graph timeout: %s", res.Stage, res.Reason(), describe(res))
	}
	got := details(res.Calls)
	want := []string{"findAll · OrdersController · grep fallback: call", "summarize · grep fallback: call"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
}

// Strings that name a function but reach no dispatch are mentions: in the
// answer's report and JSON, never call items.
func TestEngineMentionsAreNotCallers(t *testing.T) {
	f := newFixture(t, readFixture(t, "py-precision"))
	e := withGrep(f, nil, roomy())
	res, err := e.Incoming(context.Background(), f.method(t, "Documents", "add_document"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Stage != cascade.StageReport || len(res.Calls) != 0 {
		t.Fatalf("answered by %s with %v, want the report and no calls: %s", res.Stage, callerNames(res.Calls), describe(res))
	}
	want := []cascade.Mention{
		{Path: "shop/documents.py", Line: 6, Col: 16, Text: "add_document"},
		{Path: "shop/documents.py", Line: 10, Col: 26, Text: "shop.add_document", Caller: "can_add"},
	}
	if diff := cmp.Diff(want, res.Mentions); diff != "" {
		t.Errorf("mentions (-want +got):\n%s", diff)
	}
	if !strings.Contains(res.Report.Explanation, "No callers of Documents.add_document in code; 2 mentions") {
		t.Errorf("explanation %q does not report the mentions", res.Report.Explanation)
	}
	raw, err := json.Marshal(res.Answer())
	if err != nil {
		t.Fatal(err)
	}
	var ans struct {
		Calls    []any             `json:"calls"`
		Mentions []cascade.Mention `json:"mentions"`
	}
	if err := json.Unmarshal(raw, &ans); err != nil || len(ans.Calls) != 0 || len(ans.Mentions) != 2 {
		t.Errorf("JSON answer: %d calls, %d mentions (%v), want 0 and 2: %s", len(ans.Calls), len(ans.Mentions), err, raw)
	}
	offered := false
	for _, s := range res.Suggestions {
		offered = offered || s.Command == cascade.CommandShowMentions
	}
	if !offered {
		t.Errorf("no %s suggestion: %+v", cascade.CommandShowMentions, res.Suggestions)
	}

	// getattr(jobs, 'run') reaches a dispatch: the keyword stage's caller;
	// the URL 'run/' stays a mention.
	res, err = e.Incoming(context.Background(), f.method(t, "Jobs", "run"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Stage != cascade.StageKeyword || len(res.Calls) != 1 || res.Calls[0].Symbol.Name != "dispatch" ||
		!strings.Contains(res.Calls[0].Detail, "dispatched by getattr(jobs, 'run')") {
		t.Fatalf("answer %s with %v, want the keyword stage's dispatch: %s", res.Stage, details(res.Calls), describe(res))
	}
	if len(res.Mentions) != 1 || res.Mentions[0].Text != "run/" {
		t.Errorf("mentions %+v, want the URL 'run/'", res.Mentions)
	}
}

// A Django manager's, a queryset's and a dict's get are not Cache.get:
// only the precise caller and the untyped name match remain, the name
// match ranked after the precise caller (though written before it), and
// the answer holding a name match is degraded.
func TestEngineLibraryReceiversAreNoNameMatch(t *testing.T) {
	f := newFixture(t, readFixture(t, "py-precision"))
	e := withGrep(f, nil, roomy())
	res, err := e.Incoming(context.Background(), f.method(t, "Cache", "get"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"cached · precise (ast)", "untyped · name match only: receiver not resolved"}
	if diff := cmp.Diff(want, details(res.Calls)); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
	if res.Stage != cascade.StageGraph || !res.Degraded() || res.NameMatches() != 1 {
		t.Errorf("stage %s degraded %v name matches %d, want a degraded graph answer with 1 name match", res.Stage, res.Degraded(), res.NameMatches())
	}
	if a := res.Answer(); !a.Meta.Degraded || a.Meta.Strategy != "graph_with_name_matches" {
		t.Errorf("JSON meta degraded %v strategy %s, want degraded graph_with_name_matches", a.Meta.Degraded, a.Meta.Strategy)
	}

	res, err = e.Incoming(context.Background(), f.method(t, "Cache", "filter"))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Calls) != 0 || res.Stage != cascade.StageReport {
		t.Errorf("Cache.filter: %s with %v, want no callers in code: %s", res.Stage, details(res.Calls), describe(res))
	}
}

// A Python file where a method's name is only read as an attribute's
// attribute (row.total.amount) or tested (if row.total:) holds no site a
// method's search keeps: the graph vouches for it, and grep does not parse
// it to find that out (the extractor names the names with such sites
// apart, treesitter.Unrecorded.MethodMembers).
func TestEngineGrepDoesNotParsePythonAttributeReadsOfAMethodsName(t *testing.T) {
	files := map[string]string{
		"app/models.py": "class Order:\n    def total(self):\n        return 1\n",
		"app/report.py": "def show(row):\n    if row.total:\n        return row.total.amount\n    return None\n",
	}
	f := newFixture(t, files)
	res, err := withGrep(f, nil, roomy()).Incoming(context.Background(), f.method(t, "Order", "total"))
	if err != nil {
		t.Fatal(err)
	}
	a := attemptOf(t, res, cascade.StageGrep, "")
	if len(res.Calls) != 0 || !strings.Contains(a.Observed, "2 files holding the name read as the code graph indexed them") {
		t.Fatalf("calls %v, grep observed %q: want no calls, and both files read as indexed", callerNames(res.Calls), a.Observed)
	}
}

// A call through a field that holds one of several functions (Server.onDone
// holds s.finish or cleanup) is a name match that says which field: its
// receiver's type is known, so "receiver not resolved" would mislead.
func TestEngineFieldCallSaysItsField(t *testing.T) {
	f := newFixture(t, readFixture(t, "go-references"))
	e := withGrep(f, nil, roomy())
	res, err := e.Incoming(context.Background(), f.method(t, "Server", "finish"))
	if err != nil {
		t.Fatal(err)
	}
	want := "Close · Server · name match only: calls field onDone, which holds one of several functions"
	found := false
	for _, d := range details(res.Calls) {
		found = found || d == want
		if strings.Contains(d, "receiver not resolved") {
			t.Errorf("detail %q: the receiver's type is known", d)
		}
	}
	if !found {
		t.Errorf("calls %v, want one with detail %q", details(res.Calls), want)
	}
}

// A call from a test file the tsconfig excludes, linked only through the
// config's path aliases, is possible: ranked after the precise callers,
// and the JSON answer says why it is flagged.
func TestEngineTSConfigExcludedCallerIsPossible(t *testing.T) {
	f := newFixture(t, readFixture(t, "ts-tsconfig-excluded"))
	e := newEngine(f, nil, roomy())
	e.Graphs[0].Resolver = &resolve.Resolver{Store: f.store, Root: f.root}
	res, err := e.Incoming(context.Background(), f.symbol(t, "checkout"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"aliasedCheckout · possible: tsconfig.json leaves this file out, and only its path aliases reach the target"}
	if diff := cmp.Diff(want, details(res.Calls)); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
	a := res.Answer()
	if !a.Meta.Degraded || len(a.Calls) != 1 || a.Calls[0].Provenance.Precise ||
		!strings.Contains(a.Meta.Warning, "1 are resolved where the editor's TypeScript server resolves nothing") {
		t.Errorf("JSON meta degraded %v, calls %+v, warning %q: want one possible caller, said so", a.Meta.Degraded, a.Calls, a.Meta.Warning)
	}
}
