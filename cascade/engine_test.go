package cascade_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"

	"go.uber.org/goleak"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/report"
	"github.com/callcascade/callcascade/cascade/stage"
)

// billingTS has a function with a caller (the graph answers), a dead one
// (nothing answers but the report) and a decorated dead method.
const billingTS = `export function computeTotal(items: number[]): number {
  return items.reduce((a, b) => a + b, 0);
}

export function checkout(items: number[]): number {
  return computeTotal(items);
}

export function orphanHelper(): number {
  return 42;
}

export class Scheduler {
  @Cron('0 * * * *')
  sweepExpiredSessions(): void {}
}
`

// fixture is a tiny indexed workspace in a temp dir with its embedded store.
type fixture struct {
	root  string
	store *embedded.Store
}

// newFixture writes files under a temp root, indexes them into an embedded
// store, and closes the store when the test ends. Tests checking for leaked
// goroutines close it themselves first (close is idempotent).
func newFixture(t testing.TB, files map[string]string) *fixture {
	t.Helper()
	root := t.TempDir()
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	store, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatalf("open embedded store: %v", err)
	}
	t.Cleanup(func() { store.Close() })
	ix := &index.Indexer{Root: root, Store: store, Workers: 1}
	if _, err := ix.IndexAll(context.Background(), nil); err != nil {
		t.Fatalf("index %s: %v", root, err)
	}
	return &fixture{root: root, store: store}
}

// symbol looks a symbol up by name; the test fails when it is not indexed.
func (f *fixture) symbol(t testing.TB, name string) fact.Symbol {
	t.Helper()
	syms, err := f.store.SymbolsByName(context.Background(), name)
	if err != nil || len(syms) != 1 {
		t.Fatalf("SymbolsByName(%q) = %d symbols, %v; want exactly one", name, len(syms), err)
	}
	return syms[0]
}

// fault is what the fake backend does when asked.
type fault int

const (
	healthy       fault = iota // answers from the real store behind it
	failWith                   // returns faultyStore.err
	ignoreCtx                  // hangs until released, deaf to its context
	honourCtx                  // hangs until its context ends
	sleepIgnoring              // sleeps for faultyStore.sleep regardless of its context, then answers
	panics                     // a bug in the backend's client
)

// faultyStore is a graph backend in front of a real store whose faults the
// test controls. Every lookup the graph stage makes starts with Symbol, so
// faults are injected there and calls counted there.
type faultyStore struct {
	graph.Store

	mu      sync.Mutex
	mode    fault
	err     error
	sleep   time.Duration
	release chan struct{}

	calls atomic.Int32
}

func newFaultyStore(behind graph.Store) *faultyStore {
	return &faultyStore{Store: behind, release: make(chan struct{})}
}

func (f *faultyStore) set(mode fault, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mode, f.err = mode, err
}

// unblock lets every hanging call return (idempotent).
func (f *faultyStore) unblock() {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.release:
	default:
		close(f.release)
	}
}

func (f *faultyStore) Symbol(ctx context.Context, id string) (fact.Symbol, error) {
	f.calls.Add(1)
	f.mu.Lock()
	mode, err, sleep, release := f.mode, f.err, f.sleep, f.release
	f.mu.Unlock()
	switch mode {
	case failWith:
		return fact.Symbol{}, err
	case ignoreCtx:
		<-release
	case honourCtx:
		select {
		case <-ctx.Done():
			return fact.Symbol{}, fmt.Errorf("fake: %w", ctx.Err())
		case <-release:
		}
	case sleepIgnoring:
		time.Sleep(sleep)
	case panics:
		var m map[string]int
		m["boom"]++
	}
	return f.Store.Symbol(ctx, id)
}

// fakeGrep answers the grep stage with fixed calls, or hangs deaf to its
// context until released.
type fakeGrep struct {
	calls   []cascade.Call
	hang    bool
	release chan struct{}
	asked   atomic.Int32
}

func (g *fakeGrep) SearchCallers(ctx context.Context, target fact.Symbol, limit int, _ stage.Settled) (cascade.GrepResult, error) {
	g.asked.Add(1)
	if g.hang {
		<-g.release
		return cascade.GrepResult{}, nil
	}
	return cascade.GrepResult{Calls: g.calls, Sites: len(g.calls), Files: 1}, nil
}

const sharedBackend = "neo4j"

// faultTimeout is the graph timeout of tests where a backend must time out
// while the embedded store behind it still answers: long enough for a
// loaded machine running -race to answer from SQLite.
const faultTimeout = 500 * time.Millisecond

// roomy is a configuration for tests that are not about time: timeouts so
// long that only a hang could hit them.
func roomy() cascade.Config {
	return cascade.Config{GraphTimeout: 10 * time.Second, GrepTimeout: 10 * time.Second, KeywordTimeout: 10 * time.Second, Budget: 30 * time.Second}
}

// newEngine puts the fake backend in front of the real embedded store, as a
// shared Neo4j sits in front of the local index.
func newEngine(f *fixture, fake *faultyStore, cfg cascade.Config) *cascade.Engine {
	var graphs []cascade.GraphBackend
	if fake != nil {
		graphs = append(graphs, cascade.GraphBackend{Name: sharedBackend, Store: fake, Resolver: &resolve.Resolver{Store: fake}})
	}
	graphs = append(graphs, cascade.GraphBackend{Name: cascade.BackendEmbedded, Store: f.store, Resolver: &resolve.Resolver{Store: f.store}})
	return &cascade.Engine{
		Root:     f.root,
		Graphs:   graphs,
		Search:   cascade.NewKeywordStore(f.store, f.root, nil),
		Config:   cfg,
		Breakers: &cascade.Breakers{Config: cfg.Breaker},
	}
}

// attemptOf returns the attempt of a stage (and backend); the test fails
// when there is none.
func attemptOf(t testing.TB, res cascade.Result, stage, backend string) cascade.Attempt {
	t.Helper()
	for _, a := range res.Attempts {
		if a.Stage == stage && a.Backend == backend {
			return a
		}
	}
	t.Fatalf("no %s/%s attempt in %s", stage, backend, describe(res))
	return cascade.Attempt{}
}

func describe(res cascade.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "stage=%s backend=%s calls=%d attempts:", res.Stage, res.Backend, len(res.Calls))
	for _, a := range res.Attempts {
		fmt.Fprintf(&b, " [%s/%s %s %s %q]", a.Stage, a.Backend, a.Outcome, a.Reason, a.Observed)
	}
	return b.String()
}

func callerNames(calls []cascade.Call) []string {
	var out []string
	for _, c := range calls {
		out = append(out, c.Symbol.Name)
	}
	return out
}

// A shared backend that fails in any way must not cost the answer: the
// embedded store behind it answers, and the attempt says why the first one
// missed.
func TestEngineNextBackendAnswersWhenSharedOneMisses(t *testing.T) {
	f := newFixture(t, map[string]string{"src/billing.ts": billingTS})
	target := f.symbol(t, "computeTotal")
	cases := []struct {
		name        string
		mode        fault
		err         error
		wantReason  string
		wantMissing bool // the backend could not be consulted
		wantAuth    bool
	}{
		{name: "unavailable", mode: failWith, err: fmt.Errorf("neo4j: connect: %w", graph.ErrUnavailable), wantReason: cascade.ReasonBackendError, wantMissing: true},
		{name: "unknown fault", mode: failWith, err: errors.New("neo4j: server exploded"), wantReason: cascade.ReasonBackendError, wantMissing: true},
		{name: "unauthorized", mode: failWith, err: fmt.Errorf("neo4j: %w", graph.ErrUnauthorized), wantReason: cascade.ReasonBackendError, wantMissing: true, wantAuth: true},
		{name: "index missing", mode: failWith, err: fmt.Errorf("neo4j: %w", graph.ErrIndexMissing), wantReason: cascade.ReasonIndexMissing},
		{name: "not found (stale shared index)", mode: failWith, err: fmt.Errorf("neo4j: %w", graph.ErrNotFound), wantReason: cascade.ReasonSymbolNotFound},
		{name: "hangs honouring its context", mode: honourCtx, wantReason: cascade.ReasonTimeout, wantMissing: true},
		{name: "hangs ignoring its context", mode: ignoreCtx, wantReason: cascade.ReasonTimeout, wantMissing: true},
		{name: "slower than its timeout", mode: sleepIgnoring, wantReason: cascade.ReasonTimeout, wantMissing: true},
		{name: "panics", mode: panics, wantReason: cascade.ReasonBackendError, wantMissing: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFaultyStore(f.store)
			defer fake.unblock()
			fake.set(tc.mode, tc.err)
			fake.sleep = 4 * faultTimeout
			e := newEngine(f, fake, cascade.Config{GraphTimeout: faultTimeout, Budget: 10 * faultTimeout})
			res, err := e.Incoming(context.Background(), target)
			if err != nil {
				t.Fatalf("Incoming: %v", err)
			}
			if res.Stage != cascade.StageGraph || res.Backend != cascade.BackendEmbedded {
				t.Fatalf("answered by %s/%s, want graph/embedded: %s", res.Stage, res.Backend, describe(res))
			}
			if got := callerNames(res.Calls); len(got) != 1 || got[0] != "checkout" {
				t.Errorf("callers = %v, want [checkout]", got)
			}
			if res.Degraded() {
				t.Errorf("an answer from the embedded graph is reported as degraded")
			}
			a := attemptOf(t, res, cascade.StageGraph, sharedBackend)
			if a.Outcome != cascade.OutcomeMiss || a.Reason != tc.wantReason {
				t.Errorf("shared backend attempt = %s/%s, want miss/%s (observed %q)", a.Outcome, a.Reason, tc.wantReason, a.Observed)
			}
			if a.Condition == "" {
				t.Errorf("attempt has no success condition")
			}
			if got := attemptOf(t, res, cascade.StageGraph, cascade.BackendEmbedded); got.Outcome != cascade.OutcomeHit || got.Count != 1 {
				t.Errorf("embedded attempt = %s count %d, want hit count 1", got.Outcome, got.Count)
			}
			missing := strings.Contains(strings.Join(res.Missing, ","), "graph:"+sharedBackend)
			if missing != tc.wantMissing {
				t.Errorf("Missing = %v, want graph:%s listed: %v", res.Missing, sharedBackend, tc.wantMissing)
			}
			if res.AuthFailed != tc.wantAuth {
				t.Errorf("AuthFailed = %v, want %v", res.AuthFailed, tc.wantAuth)
			}
		})
	}
}

// When every graph backend misses, the later stages run in order and the
// result names the one that answered.
func TestEngineLaterStagesAnswerInOrder(t *testing.T) {
	f := newFixture(t, map[string]string{"src/billing.ts": billingTS})
	orphan := f.symbol(t, "orphanHelper")
	checkout := f.symbol(t, "checkout")

	type want struct{ stage, backend, outcome, reason string }
	check := func(t *testing.T, res cascade.Result, wants []want) {
		t.Helper()
		if len(res.Attempts) != len(wants) {
			t.Fatalf("%d attempts, want %d: %s", len(res.Attempts), len(wants), describe(res))
		}
		for i, w := range wants {
			a := res.Attempts[i]
			if a.Stage != w.stage || a.Backend != w.backend || a.Outcome != w.outcome || a.Reason != w.reason {
				t.Errorf("attempt %d = %s/%s %s %s, want %s/%s %s %s", i, a.Stage, a.Backend, a.Outcome, a.Reason, w.stage, w.backend, w.outcome, w.reason)
			}
			if a.Condition == "" || (a.Outcome != cascade.OutcomeHit && a.Observed == "") {
				t.Errorf("attempt %d (%s) lacks its condition or what it observed: %+v", i, a.Stage, a)
			}
		}
	}

	t.Run("grep answers after no_callers", func(t *testing.T) {
		e := newEngine(f, newFaultyStore(f.store), roomy())
		e.Grep = &fakeGrep{calls: []cascade.Call{{Edge: fact.Edge{Symbol: checkout, Resolution: "grep"}, Stage: cascade.StageGrep, Detail: "grep fallback"}}}
		res, err := e.Incoming(context.Background(), orphan)
		if err != nil {
			t.Fatal(err)
		}
		if res.Stage != cascade.StageGrep || !res.Degraded() || res.Reason() != cascade.ReasonNoCallers {
			t.Errorf("stage %s degraded %v reason %s, want grep, degraded, no_callers", res.Stage, res.Degraded(), res.Reason())
		}
		check(t, res, []want{
			{cascade.StageGraph, sharedBackend, cascade.OutcomeMiss, cascade.ReasonNoCallers},
			{cascade.StageGraph, cascade.BackendEmbedded, cascade.OutcomeMiss, cascade.ReasonNoCallers},
			{cascade.StageGrep, "", cascade.OutcomeHit, ""},
		})
		if got := callerNames(res.Calls); len(got) != 1 || got[0] != "checkout" {
			t.Errorf("callers = %v, want [checkout]", got)
		}
		if len(res.Suggestions) == 0 {
			t.Errorf("a degraded answer carries no suggestions")
		}
		if res.Report != nil {
			t.Errorf("a grep answer carries a not-found report")
		}
	})

	t.Run("report when nothing answers", func(t *testing.T) {
		e := newEngine(f, newFaultyStore(f.store), roomy())
		e.Grep = &fakeGrep{}
		res, err := e.Incoming(context.Background(), orphan)
		if err != nil {
			t.Fatal(err)
		}
		check(t, res, []want{
			{cascade.StageGraph, sharedBackend, cascade.OutcomeMiss, cascade.ReasonNoCallers},
			{cascade.StageGraph, cascade.BackendEmbedded, cascade.OutcomeMiss, cascade.ReasonNoCallers},
			{cascade.StageGrep, "", cascade.OutcomeMiss, cascade.ReasonNoMatches},
			{cascade.StageKeyword, "", cascade.OutcomeMiss, cascade.ReasonNoRelevantMatches},
			{cascade.StageReport, "", cascade.OutcomeHit, ""},
		})
		if res.Stage != cascade.StageReport || res.Report == nil || res.Report.Error != report.ErrNoCallersFound {
			t.Errorf("stage %s report %+v, want report with NO_CALLERS_FOUND", res.Stage, res.Report)
		}
		if len(res.Calls) != 0 || res.Calls == nil {
			t.Errorf("calls = %#v, want an empty, non-nil list", res.Calls)
		}
	})

	t.Run("a name the index does not know", func(t *testing.T) {
		e := newEngine(f, newFaultyStore(f.store), roomy())
		res, err := e.Incoming(context.Background(), fact.Symbol{Name: "notIndexedAnywhere"})
		if err != nil {
			t.Fatal(err)
		}
		check(t, res, []want{
			{cascade.StageGraph, sharedBackend, cascade.OutcomeMiss, cascade.ReasonSymbolNotFound},
			{cascade.StageGraph, cascade.BackendEmbedded, cascade.OutcomeMiss, cascade.ReasonSymbolNotFound},
			{cascade.StageKeyword, "", cascade.OutcomeMiss, cascade.ReasonNoRelevantMatches},
			{cascade.StageReport, "", cascade.OutcomeHit, ""},
		})
		if res.Found || res.Report == nil || res.Report.Error != report.ErrSymbolNotFound {
			t.Errorf("found %v report %+v, want not found with SYMBOL_NOT_FOUND", res.Found, res.Report)
		}
	})

	t.Run("outgoing asks only the graph", func(t *testing.T) {
		e := newEngine(f, newFaultyStore(f.store), roomy())
		grep := &fakeGrep{}
		e.Grep = grep
		res, err := e.Outgoing(context.Background(), checkout)
		if err != nil {
			t.Fatal(err)
		}
		if res.Stage != cascade.StageGraph || res.Backend != sharedBackend {
			t.Errorf("answered by %s/%s, want graph/%s: %s", res.Stage, res.Backend, sharedBackend, describe(res))
		}
		if got := callerNames(res.Calls); len(got) != 1 || got[0] != "computeTotal" {
			t.Errorf("callees = %v, want [computeTotal]", got)
		}
		if grep.asked.Load() != 0 {
			t.Errorf("grep was asked for callees")
		}
	})
}

// A request must come back within its budget even when every backend
// ignores its context; the bound checked is loose (5× the budget) because
// test machines are noisy — what matters is that it returns at all.
func TestEngineReturnsWithinBudgetWhenBackendsIgnoreTheirContext(t *testing.T) {
	f := newFixture(t, map[string]string{"src/billing.ts": billingTS})
	orphan := f.symbol(t, "orphanHelper")
	defer f.store.Close()
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())

	const budget = 300 * time.Millisecond
	fake := newFaultyStore(f.store)
	fake.set(ignoreCtx, nil)
	grep := &fakeGrep{hang: true, release: make(chan struct{})}
	// Released before goleak looks: the hung calls then end on their own.
	defer close(grep.release)
	defer fake.unblock()

	e := newEngine(f, fake, cascade.Config{Budget: budget, GraphTimeout: 150 * time.Millisecond, GrepTimeout: 250 * time.Millisecond})
	e.Grep = grep
	start := time.Now()
	res, err := e.Incoming(context.Background(), orphan)
	elapsed := time.Since(start)
	if err != nil {
		t.Fatalf("Incoming: %v", err)
	}
	if elapsed > 5*budget {
		t.Errorf("returned after %s, budget %s", elapsed, budget)
	}
	if a := attemptOf(t, res, cascade.StageGraph, sharedBackend); a.Reason != cascade.ReasonTimeout {
		t.Errorf("hung backend attempt reason = %s, want timeout", a.Reason)
	}
	if a := attemptOf(t, res, cascade.StageGrep, ""); a.Reason != cascade.ReasonTimeout {
		t.Errorf("hung grep attempt reason = %s, want timeout", a.Reason)
	}
	if res.Stage != cascade.StageReport || res.Report == nil {
		t.Errorf("stage = %s, want the report after every stage missed", res.Stage)
	}
	var total time.Duration
	for _, a := range res.Attempts {
		total += a.Duration
	}
	if total > 5*budget {
		t.Errorf("attempts took %s in all, budget %s", total, budget)
	}

	// A budget smaller than the stage's timeout cuts the stage at the budget.
	e.SetConfig(cascade.Config{Budget: 50 * time.Millisecond, GraphTimeout: 10 * time.Second})
	start = time.Now()
	res, err = e.Incoming(context.Background(), orphan)
	if err != nil {
		t.Fatalf("Incoming: %v", err)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("a 50ms budget returned after %s: the stage's 10 s timeout won", elapsed)
	}
	for _, a := range res.Attempts[1:] {
		if a.Stage != cascade.StageReport && a.Outcome != cascade.OutcomeSkipped {
			t.Errorf("%s/%s ran after the budget was spent: %s", a.Stage, a.Backend, a.Outcome)
		}
	}
}

// A caller's cancellation returns its error at once and tells the breaker
// nothing: the backend did not fail, the user moved on.
func TestEngineCancelledRequest(t *testing.T) {
	f := newFixture(t, map[string]string{"src/billing.ts": billingTS})
	target := f.symbol(t, "computeTotal")
	defer f.store.Close()
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())

	for name, mode := range map[string]fault{"backend honours its context": honourCtx, "backend ignores its context": ignoreCtx} {
		t.Run(name, func(t *testing.T) {
			fake := newFaultyStore(f.store)
			defer fake.unblock()
			fake.set(mode, nil)
			e := newEngine(f, fake, cascade.Config{GraphTimeout: 5 * time.Second, Budget: 10 * time.Second,
				Breaker: cascade.BreakerConfig{MinRequests: 3, OpenFor: 200 * time.Millisecond}})
			for i := range 6 {
				ctx, cancel := context.WithCancel(context.Background())
				time.AfterFunc(20*time.Millisecond, cancel)
				start := time.Now()
				_, err := e.Incoming(ctx, target)
				cancel()
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("request %d: err = %v, want context.Canceled", i, err)
				}
				if elapsed := time.Since(start); elapsed > 2*time.Second {
					t.Fatalf("request %d: a cancelled request took %s to return", i, elapsed)
				}
			}
			if st := e.Breakers.State(f.root, sharedBackend); st != "closed" {
				t.Errorf("breaker %s after 6 cancellations, want closed", st)
			}
			for _, s := range e.Breakers.States() {
				if s.Failures != 0 {
					t.Errorf("breaker %s/%s counted %d failures from cancellations", s.Repo, s.Backend, s.Failures)
				}
			}
			// Still healthy: the next request reaches the backend and is answered.
			fake.set(healthy, nil)
			res, err := e.Incoming(context.Background(), target)
			if err != nil || res.Stage != cascade.StageGraph || res.Backend != sharedBackend {
				t.Errorf("after cancellations: %v, %s", err, describe(res))
			}
		})
	}

	t.Run("already cancelled", func(t *testing.T) {
		fake := newFaultyStore(f.store)
		e := newEngine(f, fake, roomy())
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := e.Incoming(ctx, target); !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
		if n := fake.calls.Load(); n != 0 {
			t.Errorf("backend asked %d times for a request already cancelled", n)
		}
	})
}

// dispatchTS calls archiveReport only by name, from a string list.
const dispatchTS = `export class ReportJobs {
  archiveReport(): void {}

  purge(): void {}

  runAll(): void {
    const actions = ['archiveReport', 'purge'];
    for (let i = 0; i < actions.length; i++) {
      (this as any)[actions[i]]();
    }
  }
}
`

// dispatchPy calls archive_report only through getattr.
const dispatchPy = `class Reports:
    def archive_report(self):
        return None


def dispatch(obj):
    name = "archive_report"
    getattr(obj, name)()
`

// A method dispatched by name has no call edge; the keyword stage answers
// with the function holding the string that names it.
func TestEngineKeywordStageFindsDispatchByName(t *testing.T) {
	detail := regexp.MustCompile(`\bkeyword match [01]\.\d\d\b`)
	for _, tc := range []struct {
		lang, path, text, target, caller string
	}{
		{"typescript", "src/jobs.ts", dispatchTS, "archiveReport", "runAll"},
		{"python", "app/reports.py", dispatchPy, "archive_report", "dispatch"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			f := newFixture(t, map[string]string{tc.path: tc.text})
			target := f.symbol(t, tc.target)
			e := newEngine(f, nil, roomy())
			e.Grep = &fakeGrep{}
			res, err := e.Incoming(context.Background(), target)
			if err != nil {
				t.Fatal(err)
			}
			if res.Stage != cascade.StageKeyword {
				t.Fatalf("answered by %s, want keyword: %s", res.Stage, describe(res))
			}
			if got := attemptOf(t, res, cascade.StageGraph, cascade.BackendEmbedded); got.Reason != cascade.ReasonNoCallers {
				t.Errorf("graph attempt reason %s, want no_callers", got.Reason)
			}
			if len(res.Calls) != 1 {
				t.Fatalf("calls = %v, want the one dispatching function", callerNames(res.Calls))
			}
			c := res.Calls[0]
			if c.Symbol.Name != tc.caller || c.Symbol.Path != tc.path || c.Stage != cascade.StageKeyword {
				t.Errorf("caller %s in %s (stage %s), want %s in %s", c.Symbol.Name, c.Symbol.Path, c.Stage, tc.caller, tc.path)
			}
			if !detail.MatchString(c.Detail) || !strings.Contains(c.Detail, tc.target) {
				t.Errorf("detail %q, want \"keyword match 0.xx\" naming %s", c.Detail, tc.target)
			}
			if len(c.Sites) != 1 || c.Sites[0].Start.Line <= c.Symbol.Span.Start.Line || c.Sites[0].End.Line > c.Symbol.Span.End.Line {
				t.Errorf("sites %+v, want the literal inside %s %+v", c.Sites, tc.caller, c.Symbol.Span)
			}
			if !res.Degraded() || len(res.Suggestions) == 0 {
				t.Errorf("a keyword answer must be marked degraded and carry suggestions")
			}

			// The threshold is configurable: above any relevance, the
			// keyword stage misses and the report answers.
			cfg := roomy()
			cfg.KeywordThreshold = 1
			e.SetConfig(cfg)
			res, err = e.Incoming(context.Background(), target)
			if err != nil {
				t.Fatal(err)
			}
			if a := attemptOf(t, res, cascade.StageKeyword, ""); a.Outcome != cascade.OutcomeMiss || a.Reason != cascade.ReasonNoRelevantMatches {
				t.Errorf("with threshold 1: keyword %s/%s, want miss/no_relevant_matches", a.Outcome, a.Reason)
			}
			if res.Stage != cascade.StageReport {
				t.Errorf("with threshold 1: answered by %s, want report", res.Stage)
			}
		})
	}
}

// A dead function gets the structured not-found: every stage with its
// condition, observation and status, the likely causes, and at least three
// executable suggestions.
func TestEngineReportForDeadFunction(t *testing.T) {
	f := newFixture(t, map[string]string{"src/billing.ts": billingTS})
	for _, tc := range []struct {
		name          string
		target        fact.Symbol
		wantError     string
		wantDecorator bool
	}{
		{name: "plain function", target: f.symbol(t, "orphanHelper"), wantError: report.ErrNoCallersFound},
		{name: "decorated method", target: f.symbol(t, "sweepExpiredSessions"), wantError: report.ErrNoCallersFound, wantDecorator: true},
		{name: "name not in the index", target: fact.Symbol{Name: "neverWrittenAnywhere"}, wantError: report.ErrSymbolNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEngine(f, nil, roomy())
			e.Grep = &fakeGrep{}
			res, err := e.Incoming(context.Background(), tc.target)
			if err != nil {
				t.Fatal(err)
			}
			if res.Stage != cascade.StageReport || res.Report == nil {
				t.Fatalf("answered by %s, want report: %s", res.Stage, describe(res))
			}
			rep := res.Report
			if rep.Error != tc.wantError {
				t.Errorf("error %s, want %s", rep.Error, tc.wantError)
			}
			if rep.Explanation == "" || rep.Symbol == "" {
				t.Errorf("report without symbol or explanation: %+v", rep)
			}
			// Every attempt before the report is listed, in order.
			if len(rep.Stages) != len(res.Attempts)-1 {
				t.Errorf("report lists %d stages, %d were tried", len(rep.Stages), len(res.Attempts)-1)
			}
			for i, s := range rep.Stages {
				a := res.Attempts[i]
				if s.Stage != a.Stage || s.Backend != a.Backend || s.Reason != a.Reason {
					t.Errorf("report stage %d = %s/%s %s, attempt %s/%s %s", i, s.Stage, s.Backend, s.Reason, a.Stage, a.Backend, a.Reason)
				}
				if s.Condition == "" || s.Observed == "" || s.Status != report.StatusMiss {
					t.Errorf("report stage %d (%s) = condition %q observed %q status %q", i, s.Stage, s.Condition, s.Observed, s.Status)
				}
			}
			if len(res.Suggestions) < 3 {
				t.Errorf("%d suggestions, want at least 3", len(res.Suggestions))
			}
			for _, s := range res.Suggestions {
				if s.Command == "" || len(s.Arguments) == 0 {
					t.Errorf("suggestion %q has no command or arguments", s.Title)
				}
			}
			var causes []string
			for _, c := range rep.Causes {
				causes = append(causes, c.Code)
			}
			if got := slices.Contains(causes, "decorator"); got != tc.wantDecorator {
				t.Errorf("causes %v: decorator listed %v, want %v", causes, got, tc.wantDecorator)
			}
		})
	}
}
