package server_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	graphstage "github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/treesitter"
)

// The accuracy harness runs only against real repositories; these checks
// keep its item judge honest in every test run: the details it reads come
// from the code that writes them, so a reworded detail fails here instead of
// silently moving items between kinds.
func TestAccuracyItemJudge(t *testing.T) {
	if entryDetailPrefix != handlers.EntryDetailPrefix {
		t.Fatalf("entry prefix %q, handlers say %q", entryDetailPrefix, handlers.EntryDetailPrefix)
	}
	svc := fact.Symbol{Name: "findAll", Container: "UsersService"}
	cases := []struct {
		detail  string
		kind    string
		flagged bool
	}{
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedAST}), sitePrecise, false},
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedAST, Via: "Repo.findAll"}), sitePrecise, false},
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedName}), siteNameOnly, true},
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedName, Via: "pytest fixture ledger"}), siteNameOnly, true},
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedName, Via: fact.ViaOutsideProject + "tsconfig.json"}), siteNameOnly, true},
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedName, Via: fact.ViaUnmappedImport + "components/Box"}), siteNameOnly, true},
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedEvent, Event: "team/${…}/removed"}), siteFramework, false},
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedRegistration, Via: "router.get"}), siteFramework, false},
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedAST, AlsoRegistered: "setInterval(1000)"}), sitePrecise, false},
		{graphstage.Detail(fact.Edge{Symbol: svc, Resolution: fact.ResolvedImplicit, Implicit: &fact.ImplicitSends{Count: 2}}), siteFramework, true},
		{"UsersController · grep fallback: call", siteGrep, true},
		{"keyword match 0.62: 'run/' in a string", siteKeyword, true},
		{handlers.EntryDetailPrefix + "NestJS route GET /users", siteEntry, false},
		// "grep" inside a container's name is no flag.
		{graphstage.Detail(fact.Edge{Symbol: fact.Symbol{Name: "Rate", Container: "FoodRatingRepo"}, Resolution: fact.ResolvedAST}), sitePrecise, false},
	}
	for _, c := range cases {
		if got := itemKind(c.detail); got != c.kind {
			t.Errorf("itemKind(%q) = %s, want %s", c.detail, got, c.kind)
		}
		if got := flaggedDegraded(c.detail); got != c.flagged {
			t.Errorf("flaggedDegraded(%q) = %v, want %v", c.detail, got, c.flagged)
		}
	}
}

func TestAccuracyFrameworkTruth(t *testing.T) {
	target := accuracyTarget{Path: "src/team/team.resolver.ts", Line: 40, Name: "memberRemoved", Container: "CodeView"}
	event := func(key, text string) accuracySite {
		return accuracySite{Path: "src/team/team.service.ts", Line: 7, Item: siteFramework, Text: text,
			Detail: graphstage.Detail(fact.Edge{Resolution: fact.ResolvedEvent, Event: key})}
	}
	cases := []struct {
		name string
		site accuracySite
		want bool
	}{
		{"a template topic published with every fragment", event("team/${…}/member_removed", "this.pubsub.publish(`team/${teamID}/member_removed`, m);"), true},
		{"a template topic missing a fragment", event("team/${…}/member_removed", "this.pubsub.publish(`team/${teamID}/member_added`, m);"), false},
		{"a literal event", event("order.created", "this.events.emit('order.created', order)"), true},
		{"a line that does not name the event", event("order.created", "await this.orders.save(order)"), false},
		{"an entry point on the target's decorator", accuracySite{Path: target.Path, Line: 38, Item: siteEntry}, true},
		{"an entry point elsewhere that does not name it", accuracySite{Path: "src/app.ts", Line: 3, Item: siteEntry, Text: "app.listen(3000)"}, false},
		{"a registration naming the handler", accuracySite{Item: siteFramework, Detail: "registered via r.Use", Text: "r.Use(memberRemoved)"}, true},
		{"a registration naming another", accuracySite{Item: siteFramework, Detail: "registered via r.Use", Text: "r.Use(memberRemovedLog)"}, false},
		{"a class-based view registered by its class", accuracySite{Item: siteFramework, Detail: `registered via path("code/")`, Text: `path("code/", CodeView.as_view())`}, true},
	}
	for _, c := range cases {
		if got := frameworkConfirmed(c.site, target); got != c.want {
			t.Errorf("%s: frameworkConfirmed = %v, want %v", c.name, got, c.want)
		}
	}
}

// A site the reference lists is right whatever its kind; a grep item the
// reference does not list is wrong, and counts against both precisions
// only when it is not flagged.
func TestAccuracyItemPrecision(t *testing.T) {
	ref := accuracySite{Path: "a.py", Line: 3}
	res := accuracyResult{
		RefSites: []accuracySite{ref},
		OurSites: []accuracySite{
			{Path: "a.py", Line: 3, Item: sitePrecise, Detail: "precise (ast)"},
			{Path: "b.py", Line: 9, Item: siteGrep, Detail: "grep fallback: call"},
			{Path: "c.py", Line: 1, Item: sitePrecise, Detail: "precise (ast)"},
		},
	}
	judgeItems(&res)
	sum := summarizeItems([]accuracyResult{res})
	if sum.Items != 3 || sum.Wrong != 2 || sum.PlainWrong != 1 || sum.Plain != 2 {
		t.Fatalf("items %d wrong %d, not flagged %d wrong %d; want 3, 2, 2, 1", sum.Items, sum.Wrong, sum.Plain, sum.PlainWrong)
	}
	if sum.PrecisionAll != 1.0/3 || sum.PrecisionNotFlagged != 0.5 || sum.Recall != 1 {
		t.Fatalf("precision all %.3f, not flagged %.3f, recall %.3f; want 0.333, 0.5, 1", sum.PrecisionAll, sum.PrecisionNotFlagged, sum.Recall)
	}
}

// The latency benchmark's classes: "no caller" holds only names that occur
// once (their own declaration), "common names" the most frequent method
// names first, one declaration each.
func TestEndToEndClasses(t *testing.T) {
	method := func(name, path string) accuracyTarget {
		return accuracyTarget{Name: name, Path: path, Kind: treesitter.KindMethod}
	}
	candidates := []accuracyTarget{method("get", "a.go"), method("lonely", "b.go"), method("get", "c.go"), method("save", "d.go"),
		{Name: "helper", Path: "e.go", Kind: treesitter.KindFunction}}
	counts := map[string]int{"get": 40, "lonely": 1, "save": 7, "helper": 1}
	classes := e2eClasses(candidates, counts, e2eSizes{Sample: 2, NoCaller: 5, Common: 2})
	names := func(ts []accuracyTarget) (out []string) {
		for _, t := range ts {
			out = append(out, t.Name+"@"+t.Path)
		}
		return out
	}
	want := [][]string{{"get@a.go", "lonely@b.go"}, {"lonely@b.go", "helper@e.go"}, {"get@a.go", "save@d.go"}}
	// Fewer method names than asked: the functions fill in, after the methods.
	if got := names(e2eClasses(candidates, counts, e2eSizes{Common: 4})[2].Targets); !slices.Equal(got, []string{"get@a.go", "save@d.go", "lonely@b.go", "helper@e.go"}) {
		t.Errorf("common names with functions filling in: %v", got)
	}
	for i, c := range classes {
		if got := names(c.Targets); !slices.Equal(got, want[i]) {
			t.Errorf("%s: %v, want %v", c.Class, got, want[i])
		}
	}
}

// A call on a pytest fixture's value counts as the target's (framework
// truth) only where the reference's own type of the fixture names the
// target's class; the fixture is found as pytest finds it, in the test's
// module or a conftest.py above it, never one beside or below.
func TestAccuracyPytestFixtureTruth(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		abs := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("tests/conftest.py", "import pytest\n\n\n@pytest.fixture(\n    scope=\"module\",\n)\nasync def limiter(redis):\n    return RedisRateLimiter(redis)\n\n\ndef plain():\n    pass\n")
	write("tests/unit/test_limit.py", "import pytest\n\n@pytest.fixture\ndef ledger():\n    yield Ledger()\n\ndef test_x(limiter, ledger):\n    limiter.acquire()\n")
	write("other/conftest.py", "import pytest\n\n@pytest.fixture\ndef stray():\n    return 1\n")
	for _, c := range []struct {
		rel, name, file string
		line, col       uint32
		ok              bool
	}{
		{"tests/unit/test_limit.py", "ledger", "tests/unit/test_limit.py", 3, 4, true},
		{"tests/unit/test_limit.py", "limiter", "tests/conftest.py", 6, 10, true},
		{"tests/unit/test_limit.py", "plain", "", 0, 0, false}, // not decorated as a fixture
		{"tests/unit/test_limit.py", "stray", "", 0, 0, false}, // another directory's conftest.py
	} {
		file, pos, ok := findFixture(root, c.rel, c.name)
		if ok != c.ok {
			t.Errorf("%s: found=%v, want %v", c.name, ok, c.ok)
			continue
		}
		if ok && (file != filepath.Join(root, c.file) || pos.Line != c.line || pos.Character != c.col) {
			t.Errorf("%s: %s %d:%d, want %s %d:%d", c.name, file, pos.Line, pos.Character, c.file, c.line, c.col)
		}
	}
	for hover, want := range map[string]string{
		"```python\n(function) async def limiter(redis: Redis) -> RedisRateLimiter\n```": "RedisRateLimiter",
		"```python\n(function) def ledger() -> Generator[Ledger, Any, None]\n```":        "Generator[Ledger, Any, None]",
		"```python\n(variable) limiter: RedisRateLimiter\n```":                           "",
		// pyright's plaintext: a multi-line signature, then a docstring with an arrow
		"(method) def limiter(\n    self: Self@T,\n    mock_redis: Unknown\n) -> RedisRateLimiter\n\nMaps a -> b.": "RedisRateLimiter",
		"(function) def make()\n\nReturns x -> y.": "",
	} {
		if got := hoverResult(hover); got != want {
			t.Errorf("hoverResult(%q) = %q, want %q", hover, got, want)
		}
	}
	if got := fixtureOfDetail(graphstage.Detail(fact.Edge{Symbol: fact.Symbol{Name: "test_x"}, Resolution: fact.ResolvedName, Via: "pytest fixture limiter"})); got != "limiter" {
		t.Errorf("fixture of the engine's detail = %q, want limiter", got)
	}

	// The verdict: confirmed → framework, counted right; not → wrong.
	res := accuracyResult{OurSites: []accuracySite{
		{Path: "tests/unit/test_limit.py", Line: 8, Item: siteNameOnly, Detail: "name match only: receiver is the value of pytest fixture limiter"},
		{Path: "tests/unit/test_limit.py", Line: 9, Item: siteNameOnly, Detail: "name match only: receiver is the value of pytest fixture other"},
	}}
	res.WrongNameOnly = []accuracySite{res.OurSites[0], res.OurSites[1]}
	res.WrongNameOnly[0].FixtureType, res.WrongNameOnly[0].FixtureConfirmed = "RedisRateLimiter", true
	res.WrongNameOnly[1].FixtureType = "int"
	judgeItems(&res)
	if v := res.OurSites[0].Verdict; v != verdictFramework {
		t.Errorf("confirmed fixture item: %s, want %s", v, verdictFramework)
	}
	if v := res.OurSites[1].Verdict; v != verdictWrong {
		t.Errorf("unconfirmed fixture item: %s, want %s", v, verdictWrong)
	}
}

// A direct call's item that also holds a registration: the registration's
// site, absent from the reference, counts as a framework link when its line
// names the target, and wrong when it does not.
func TestAccuracyAlsoRegisteredSite(t *testing.T) {
	detail := graphstage.Detail(fact.Edge{Symbol: fact.Symbol{Name: "useTrial"}, Resolution: fact.ResolvedAST, AlsoRegistered: "setInterval(1000)"})
	res := accuracyResult{Target: accuracyTarget{Name: "calculateTimeLeft"}, OurSites: []accuracySite{
		{Path: "a.ts", Line: 5, Item: sitePrecise, Detail: detail, Text: "calculateTimeLeft();"},
		{Path: "a.ts", Line: 6, Item: sitePrecise, Detail: detail, Text: "const interval = setInterval(calculateTimeLeft, 1000);"},
		{Path: "a.ts", Line: 7, Item: sitePrecise, Detail: detail, Text: "setInterval(other, 1000);"},
	}, RefSites: []accuracySite{{Path: "a.ts", Line: 5}}}
	judgeItems(&res)
	for i, want := range []string{verdictRight, verdictFramework, verdictWrong} {
		if got := res.OurSites[i].Verdict; got != want {
			t.Errorf("site %d: %s, want %s", i, got, want)
		}
	}
}
