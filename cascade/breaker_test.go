package cascade_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// Small breaker settings so a test can walk every state in well under a
// second.
var testBreaker = cascade.BreakerConfig{OpenFor: 200 * time.Millisecond, MinRequests: 3}

// breakerRig is an engine whose shared backend the test breaks and heals.
type breakerRig struct {
	t      *testing.T
	f      *fixture
	fake   *faultyStore
	e      *cascade.Engine
	target fact.Symbol
}

func newBreakerRig(t *testing.T) *breakerRig {
	f := newFixture(t, map[string]string{"src/billing.ts": billingTS})
	fake := newFaultyStore(f.store)
	t.Cleanup(fake.unblock)
	e := newEngine(f, fake, cascade.Config{GraphTimeout: faultTimeout, Budget: 10 * faultTimeout, Breaker: testBreaker})
	return &breakerRig{t: t, f: f, fake: fake, e: e, target: f.symbol(t, "computeTotal")}
}

// ask runs one request and returns the shared backend's attempt and whether
// the backend itself was called.
func (r *breakerRig) ask() (cascade.Attempt, bool) {
	r.t.Helper()
	before := r.fake.calls.Load()
	res, err := r.e.Incoming(context.Background(), r.target)
	if err != nil {
		r.t.Fatalf("Incoming: %v", err)
	}
	// Whatever the shared backend does, the embedded store answers.
	if res.Stage != cascade.StageGraph || len(res.Calls) == 0 {
		r.t.Fatalf("no graph answer: %s", describe(res))
	}
	return attemptOf(r.t, res, cascade.StageGraph, sharedBackend), r.fake.calls.Load() > before
}

func (r *breakerRig) state() string { return r.e.Breakers.State(r.f.root, sharedBackend) }

// waitHalfOpen waits out the open period (polling, so a slow machine only
// makes the test slower, never wrong).
func (r *breakerRig) waitHalfOpen() {
	r.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for r.state() != "half-open" {
		if time.Now().After(deadline) {
			r.t.Fatalf("breaker still %s long after its open period", r.state())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// trip fails the backend until the breaker opens.
func (r *breakerRig) trip(mode fault, err error) {
	r.t.Helper()
	r.fake.set(mode, err)
	for i := range int(testBreaker.MinRequests) {
		if st := r.state(); st != "closed" {
			r.t.Fatalf("breaker %s after %d faults, want closed until %d", st, i, testBreaker.MinRequests)
		}
		a, called := r.ask()
		if !called || a.Outcome != cascade.OutcomeMiss {
			r.t.Fatalf("fault %d: backend called %v, attempt %s/%s", i, called, a.Outcome, a.Reason)
		}
	}
	if st := r.state(); st != "open" {
		r.t.Fatalf("breaker %s after %d faults in %d requests, want open", st, testBreaker.MinRequests, testBreaker.MinRequests)
	}
}

// expectSkipped checks that an open breaker answers for the backend
// without calling it.
func (r *breakerRig) expectSkipped() {
	r.t.Helper()
	a, called := r.ask()
	if called {
		r.t.Errorf("the backend was called through an open breaker")
	}
	if a.Outcome != cascade.OutcomeSkipped || a.Reason != cascade.ReasonCircuitOpen {
		r.t.Errorf("attempt through an open breaker = %s/%s, want skipped/circuit_open", a.Outcome, a.Reason)
	}
}

func TestBreakerClosedOpenHalfOpenClosed(t *testing.T) {
	for name, f := range map[string]struct {
		mode fault
		err  error
	}{
		"unavailable": {failWith, fmt.Errorf("neo4j: %w", graph.ErrUnavailable)},
		"timeout":     {honourCtx, nil},
	} {
		t.Run(name, func(t *testing.T) {
			r := newBreakerRig(t)
			r.trip(f.mode, f.err)
			r.expectSkipped()
			r.expectSkipped()

			r.waitHalfOpen()
			r.fake.set(healthy, nil)
			a, called := r.ask()
			if !called || a.Outcome != cascade.OutcomeHit {
				t.Fatalf("trial request: called %v, attempt %s/%s, want the healed backend to answer", called, a.Outcome, a.Reason)
			}
			if st := r.state(); st != "closed" {
				t.Errorf("breaker %s after a successful trial, want closed", st)
			}
			if a, called := r.ask(); !called || a.Outcome != cascade.OutcomeHit {
				t.Errorf("after closing: called %v, attempt %s", called, a.Outcome)
			}
		})
	}
}

func TestBreakerHalfOpenToOpenWhenStillFailing(t *testing.T) {
	r := newBreakerRig(t)
	r.trip(failWith, fmt.Errorf("neo4j: %w", graph.ErrUnavailable))
	r.waitHalfOpen()

	a, called := r.ask()
	if !called || a.Reason != cascade.ReasonBackendError {
		t.Fatalf("trial request: called %v, reason %s, want the backend tried and failing", called, a.Reason)
	}
	if st := r.state(); st != "open" {
		t.Fatalf("breaker %s after a failed trial, want open", st)
	}
	r.expectSkipped()

	// And it recovers once the backend does.
	r.waitHalfOpen()
	r.fake.set(healthy, nil)
	if a, _ := r.ask(); a.Outcome != cascade.OutcomeHit || r.state() != "closed" {
		t.Errorf("after healing: attempt %s, breaker %s; want hit, closed", a.Outcome, r.state())
	}
}

// Answers that say "not here" and the user's own problems are not backend
// faults: however many there are, the backend keeps being asked.
func TestBreakerIgnoresAnswersAndNonFaults(t *testing.T) {
	cases := []struct {
		name       string
		mode       fault
		err        error
		target     string
		wantReason string
		wantAuth   bool
	}{
		{name: "not found", mode: failWith, err: fmt.Errorf("neo4j: %w", graph.ErrNotFound), target: "computeTotal", wantReason: cascade.ReasonSymbolNotFound},
		{name: "index missing", mode: failWith, err: fmt.Errorf("neo4j: %w", graph.ErrIndexMissing), target: "computeTotal", wantReason: cascade.ReasonIndexMissing},
		{name: "no callers", mode: healthy, target: "orphanHelper", wantReason: cascade.ReasonNoCallers},
		{name: "unauthorized", mode: failWith, err: fmt.Errorf("neo4j: %w", graph.ErrUnauthorized), target: "computeTotal", wantReason: cascade.ReasonBackendError, wantAuth: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newBreakerRig(t)
			r.fake.set(tc.mode, tc.err)
			target := r.f.symbol(t, tc.target)
			const n = 10
			for i := range n {
				res, err := r.e.Incoming(context.Background(), target)
				if err != nil {
					t.Fatal(err)
				}
				a := attemptOf(t, res, cascade.StageGraph, sharedBackend)
				if a.Reason != tc.wantReason {
					t.Fatalf("request %d: reason %s, want %s", i, a.Reason, tc.wantReason)
				}
				if res.AuthFailed != tc.wantAuth {
					t.Errorf("request %d: AuthFailed = %v, want %v", i, res.AuthFailed, tc.wantAuth)
				}
			}
			if got := r.fake.calls.Load(); got != n {
				t.Errorf("backend called %d times in %d requests: some were skipped", got, n)
			}
			if st := r.state(); st != "closed" {
				t.Errorf("breaker %s after %d %s answers, want closed", st, n, tc.name)
			}
		})
	}
}

// Cancelled requests and rejected credentials are neither successes nor
// failures, so they must not make up the minimum request count either: two
// real faults after two excluded requests are too few to judge the backend.
func TestBreakerExcludedRequestsDoNotCountTowardTheMinimum(t *testing.T) {
	excluded := map[string]func(r *breakerRig){
		"cancelled": func(r *breakerRig) {
			r.e.SetConfig(cascade.Config{GraphTimeout: 5 * time.Second, Budget: 10 * time.Second, Breaker: testBreaker})
			defer r.e.SetConfig(cascade.Config{GraphTimeout: faultTimeout, Budget: 10 * faultTimeout, Breaker: testBreaker})
			r.fake.set(honourCtx, nil)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			if _, err := r.e.Incoming(ctx, r.target); err == nil {
				t.Fatal("a request whose context expired returned no error")
			}
		},
		"unauthorized": func(r *breakerRig) {
			r.fake.set(failWith, fmt.Errorf("neo4j: %w", graph.ErrUnauthorized))
			r.ask()
		},
	}
	for name, exclude := range excluded {
		t.Run(name, func(t *testing.T) {
			r := newBreakerRig(t)
			exclude(r)
			exclude(r)
			r.fake.set(failWith, fmt.Errorf("neo4j: %w", graph.ErrUnavailable))
			for range int(testBreaker.MinRequests) - 1 {
				r.ask()
			}
			if st := r.state(); st != "closed" {
				t.Errorf("breaker %s after %d faults (minimum %d) and 2 %s requests, want closed", st, testBreaker.MinRequests-1, testBreaker.MinRequests, name)
			}
			// One more fault reaches the minimum: now it trips.
			r.ask()
			if st := r.state(); st != "open" {
				t.Errorf("breaker %s after %d faults, want open", st, testBreaker.MinRequests)
			}
		})
	}
}

// Breakers are per repository: one repository's dead backend does not
// skip the backend for another.
func TestBreakerPerRepository(t *testing.T) {
	r := newBreakerRig(t)
	r.trip(failWith, fmt.Errorf("neo4j: %w", graph.ErrUnavailable))
	other := newEngine(r.f, r.fake, cascade.Config{GraphTimeout: faultTimeout, Budget: 10 * faultTimeout})
	other.Root = r.f.root + "-other"
	other.Breakers = r.e.Breakers
	r.fake.set(healthy, nil)
	res, err := other.Incoming(context.Background(), r.target)
	if err != nil {
		t.Fatal(err)
	}
	if a := attemptOf(t, res, cascade.StageGraph, sharedBackend); a.Outcome != cascade.OutcomeHit {
		t.Errorf("another repository's request: %s/%s, want the backend asked and answering", a.Outcome, a.Reason)
	}
	if st := r.state(); st != "open" {
		t.Errorf("the first repository's breaker is %s, want still open", st)
	}
}

// No goroutine outlives the requests, whatever the breaker did.
func TestBreakerNoGoroutineLeft(t *testing.T) {
	r := newBreakerRig(t)
	defer r.f.store.Close()
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	defer r.fake.unblock()
	r.trip(ignoreCtx, nil)
	r.expectSkipped()
	r.waitHalfOpen()
	r.fake.set(healthy, nil)
	if a, _ := r.ask(); a.Outcome != cascade.OutcomeHit {
		t.Errorf("trial after healing: %s/%s", a.Outcome, a.Reason)
	}
}

// An open breaker skips its backend without waiting on it: skipped_ns is
// the skipped attempt's own duration (the aim: microseconds).
func BenchmarkOpenBreakerSkip(b *testing.B) {
	f := newFixture(b, map[string]string{"src/billing.ts": billingTS})
	fake := newFaultyStore(f.store)
	fake.set(failWith, fmt.Errorf("neo4j: %w", graph.ErrUnavailable))
	e := newEngine(f, fake, cascade.Config{Breaker: cascade.BreakerConfig{MinRequests: 1, OpenFor: time.Hour}})
	target := f.symbol(b, "computeTotal")
	if _, err := e.Incoming(context.Background(), target); err != nil {
		b.Fatal(err)
	}
	var skipped time.Duration
	for b.Loop() {
		res, err := e.Incoming(context.Background(), target)
		if err != nil {
			b.Fatal(err)
		}
		a := attemptOf(b, res, cascade.StageGraph, sharedBackend)
		if a.Reason != cascade.ReasonCircuitOpen {
			b.Fatalf("attempt %s/%s, want skipped by the open breaker", a.Outcome, a.Reason)
		}
		skipped += a.Duration
	}
	b.ReportMetric(float64(skipped.Nanoseconds())/float64(b.N), "skipped_ns/op")
}

// Half-open lets exactly one trial request through: the others are skipped
// until the trial says whether the backend is back.
func TestBreakerHalfOpenAllowsOneTrial(t *testing.T) {
	r := newBreakerRig(t)
	r.trip(failWith, fmt.Errorf("neo4j: %w", graph.ErrUnavailable))
	r.waitHalfOpen()

	r.fake.set(honourCtx, nil) // the trial hangs until released
	trial := make(chan cascade.Attempt, 1)
	go func() {
		res, err := r.e.Incoming(context.Background(), r.target)
		if err != nil {
			t.Errorf("trial: %v", err)
		}
		for _, a := range res.Attempts {
			if a.Backend == sharedBackend {
				trial <- a
			}
		}
		close(trial)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for r.fake.calls.Load() == int32(testBreaker.MinRequests) {
		if time.Now().After(deadline) {
			t.Fatal("the trial request never reached the backend")
		}
		time.Sleep(5 * time.Millisecond)
	}
	r.expectSkipped() // a second request while the trial is out

	r.fake.unblock()
	a := <-trial
	if a.Outcome != cascade.OutcomeHit {
		t.Errorf("trial attempt %s/%s, want hit once released", a.Outcome, a.Reason)
	}
	if st := r.state(); st != "closed" {
		t.Errorf("breaker %s after the trial answered, want closed", st)
	}
}

// Every state change is told to OnChange, in order, and a listener may ask
// for the breakers' states (to show them) without stalling the engine.
func TestBreakerOnChange(t *testing.T) {
	r := newBreakerRig(t)
	var mu sync.Mutex
	var changes []string
	r.e.Breakers.OnChange = func(repo, backend, from, to string) {
		states := r.e.Breakers.States() // must not deadlock inside a state change
		mu.Lock()
		defer mu.Unlock()
		changes = append(changes, fmt.Sprintf("%s %s %s→%s (%d breakers)", filepath.Base(repo), backend, from, to, len(states)))
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.trip(failWith, fmt.Errorf("neo4j: %w", graph.ErrUnavailable))
		r.waitHalfOpen()
		r.fake.set(healthy, nil)
		r.ask()
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the engine stalled while OnChange asked for the breaker states")
	}
	mu.Lock()
	defer mu.Unlock()
	base := filepath.Base(r.f.root)
	want := []string{
		base + " neo4j closed→open (2 breakers)",
		base + " neo4j open→half-open (2 breakers)",
		base + " neo4j half-open→closed (2 breakers)",
	}
	if diff := cmp.Diff(want, changes); diff != "" {
		t.Errorf("state changes (-want +got):\n%s", diff)
	}
}

// A request for a name the index does not know never reaches a graph
// backend, so it must tell the breaker nothing: it may neither close a
// half-open breaker in place of a real trial nor dilute the failure rate of
// a dead backend.
func TestBreakerIgnoresRequestsThatNeverReachTheBackend(t *testing.T) {
	unknown := fact.Symbol{Name: "notInAnyIndex"}
	askUnknown := func(r *breakerRig) {
		t.Helper()
		res, err := r.e.Incoming(context.Background(), unknown)
		if err != nil {
			t.Fatal(err)
		}
		if a := attemptOf(t, res, cascade.StageGraph, sharedBackend); a.Reason != cascade.ReasonSymbolNotFound && a.Reason != cascade.ReasonCircuitOpen {
			t.Fatalf("unknown name: shared backend attempt %s/%s", a.Outcome, a.Reason)
		}
	}

	t.Run("half-open", func(t *testing.T) {
		r := newBreakerRig(t)
		r.trip(failWith, fmt.Errorf("neo4j: %w", graph.ErrUnavailable))
		r.waitHalfOpen()
		calls := r.fake.calls.Load()
		askUnknown(r)
		if st := r.state(); st != "half-open" {
			t.Errorf("breaker %s after a request that never reached the backend, want still half-open", st)
		}
		if r.fake.calls.Load() != calls {
			t.Errorf("the backend was asked about a name no index has")
		}
		// The real trial still happens, and still decides.
		a, called := r.ask()
		if !called || a.Reason != cascade.ReasonBackendError || r.state() != "open" {
			t.Errorf("real trial: called %v, reason %s, breaker %s; want the dead backend tried and the breaker open", called, a.Reason, r.state())
		}
	})

	t.Run("closed", func(t *testing.T) {
		r := newBreakerRig(t)
		r.fake.set(failWith, fmt.Errorf("neo4j: %w", graph.ErrUnavailable))
		for range int(testBreaker.MinRequests) - 1 {
			r.ask()
		}
		for range 10 {
			askUnknown(r)
		}
		r.ask()
		if st := r.state(); st != "open" {
			t.Errorf("breaker %s after %d faults in %d requests that reached the backend, want open", st, testBreaker.MinRequests, testBreaker.MinRequests)
		}
	})
}

// TestEmbeddedTimeoutsNeverOpenItsBreaker: the embedded store runs past its
// budget when the machine is loaded, not because it is down; every request
// timing out there leaves its breaker closed, so the next answer still asks
// the graph (and a quick one is precise), where an open breaker would hand
// the next 30 s of answers to grep.
func TestEmbeddedTimeoutsNeverOpenItsBreaker(t *testing.T) {
	f := newFixture(t, map[string]string{"src/billing.ts": billingTS})
	slow := newFaultyStore(f.store)
	t.Cleanup(slow.unblock)
	slow.set(honourCtx, nil)
	cfg := cascade.Config{GraphTimeout: 50 * time.Millisecond, Budget: 2 * time.Second, Breaker: testBreaker}
	e := &cascade.Engine{
		Root:     f.root,
		Graphs:   []cascade.GraphBackend{{Name: cascade.BackendEmbedded, Store: slow, Resolver: &resolve.Resolver{Store: slow}}},
		Config:   cfg,
		Breakers: &cascade.Breakers{Config: cfg.Breaker},
	}
	target := f.symbol(t, "computeTotal")
	for i := range 2 * int(testBreaker.MinRequests) {
		res, err := e.Incoming(context.Background(), target)
		if err != nil {
			t.Fatal(err)
		}
		if a := attemptOf(t, res, cascade.StageGraph, cascade.BackendEmbedded); a.Reason != cascade.ReasonTimeout {
			t.Fatalf("request %d: graph attempt %s/%s, want a timeout", i, a.Outcome, a.Reason)
		}
	}
	if st := e.Breakers.State(f.root, cascade.BackendEmbedded); st != "closed" {
		t.Fatalf("embedded breaker %s after %d timeouts, want closed", st, 2*testBreaker.MinRequests)
	}
	slow.set(healthy, nil)
	res, err := e.Incoming(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	if a := attemptOf(t, res, cascade.StageGraph, cascade.BackendEmbedded); a.Outcome != cascade.OutcomeHit {
		t.Errorf("once the store is quick again: graph attempt %s/%s, want a hit", a.Outcome, a.Reason)
	}
}
