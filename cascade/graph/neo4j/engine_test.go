package neo4j_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The Neo4j store as the engine's first graph stage, the embedded store of
// the same workspace behind it: what an editor's server runs with a team's
// Neo4j configured.

const (
	engineFixture = "../../../testdata/nest-fees"
	engineTarget  = "EvidenceService.moveFilesToPermanentStorage"
	openFor       = 400 * time.Millisecond
	minRequests   = 3
)

var breakerConfig = cascade.BreakerConfig{Window: time.Minute, MinRequests: minRequests, FailureRate: 0.5, OpenFor: openFor}

type engineSetup struct {
	ws       *cascade.Workspace
	local    *cascade.Workspace // the same embedded store without Neo4j: the expected fallback answer
	target   fact.Symbol
	neo      *neo4jstore.Store
	embedded graph.Store
}

func newEngineSetup(t *testing.T, neo4jAddr string) *engineSetup {
	t.Helper()
	root, err := filepath.Abs(engineFixture)
	if err != nil {
		t.Fatal(err)
	}
	local, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	neo := openAt(t, "bolt://"+neo4jAddr)
	shared := cascade.GraphBackend{Name: "neo4j", Store: neo, Resolver: &resolve.Resolver{Store: neo}}
	cfg := cascade.Config{Breaker: breakerConfig}
	ws := cascade.NewWorkspace(root, local, cascade.Options{Engine: cfg, Shared: []cascade.GraphBackend{shared}, NoGrep: true})
	if _, err := ws.Indexer.IndexAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	targets, err := ws.TargetsByName(context.Background(), engineTarget)
	if err != nil || len(targets) != 1 {
		t.Fatalf("target %s: %v, %v", engineTarget, targets, err)
	}
	return &engineSetup{
		ws:       ws,
		local:    cascade.NewWorkspace(root, local, cascade.Options{Engine: cfg, NoGrep: true}),
		target:   targets[0],
		neo:      neo,
		embedded: local,
	}
}

func (s *engineSetup) close() {
	s.neo.Close()
	s.embedded.Close()
}

func (s *engineSetup) incoming(t *testing.T) (cascade.Result, time.Duration) {
	t.Helper()
	start := time.Now()
	res, err := s.ws.Engine.Incoming(context.Background(), s.target)
	elapsed := time.Since(start)
	if err != nil {
		t.Fatalf("Incoming: %v", err)
	}
	return res, elapsed
}

func neo4jAttempt(t *testing.T, res cascade.Result) cascade.Attempt {
	t.Helper()
	for _, a := range res.Attempts {
		if a.Stage == cascade.StageGraph && a.Backend == "neo4j" {
			return a
		}
	}
	t.Fatalf("no neo4j attempt in %+v", res.Attempts)
	return cascade.Attempt{}
}

func callerIDs(res cascade.Result) []string {
	var ids []string
	for _, c := range res.Calls {
		ids = append(ids, c.Symbol.ID)
	}
	return ids
}

// With Neo4j failing in each way, incomingCalls still answers within the
// budget, from the local graph, the same answer the local graph gives
// alone, and the Neo4j attempt says why it missed.
func TestEngineFallsBackWhenNeo4jFails(t *testing.T) {
	reasons := map[string]string{
		"connection refused":        cascade.ReasonBackendError, // no time to retry within the stage: reported at once
		"accepts and never answers": cascade.ReasonTimeout,
		"answers slowly":            cascade.ReasonTimeout,
		"closes mid-handshake":      cascade.ReasonBackendError, // likewise
		"speaks garbage":            cascade.ReasonBackendError,
		"rejects the credentials":   cascade.ReasonBackendError,
	}
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			addr := ""
			if f.server == nil {
				addr = refusedAddr(t)
			} else {
				srv := startServer(t, f.server)
				defer srv.Close()
				addr = srv.Addr()
			}
			s := newEngineSetup(t, addr)
			defer s.close()
			want, err := s.local.Engine.Incoming(context.Background(), s.target)
			if err != nil || want.Stage != cascade.StageGraph || len(want.Calls) == 0 {
				t.Fatalf("the local graph alone: %+v, %v", want, err)
			}

			res, elapsed := s.incoming(t)
			if budget := cascade.DefaultBudget; elapsed > budget+slack {
				t.Errorf("answered after %v, budget %v", elapsed, budget)
			}
			if res.Stage != cascade.StageGraph || res.Backend != cascade.BackendEmbedded {
				t.Errorf("answered by %s/%s, want the local graph after Neo4j", res.Stage, res.Backend)
			}
			if diff := cmp.Diff(callerIDs(want), callerIDs(res)); diff != "" {
				t.Errorf("callers differ from the local graph's (-local +with neo4j):\n%s", diff)
			}
			att := neo4jAttempt(t, res)
			if att.Outcome != cascade.OutcomeMiss || att.Reason != reasons[f.name] {
				t.Errorf("neo4j attempt %s/%s, want miss/%s (error %q)", att.Outcome, att.Reason, reasons[f.name], att.Error)
			}
			if !slices.Contains(res.Missing, "graph:neo4j") {
				t.Errorf("missing sources %v do not name graph:neo4j", res.Missing)
			}
			if wantAuth := f.class == graph.ErrUnauthorized; res.AuthFailed != wantAuth {
				t.Errorf("AuthFailed = %v, want %v", res.AuthFailed, wantAuth)
			}
			if strings.Contains(att.Error, secret) {
				t.Errorf("attempt error %q contains the password", att.Error)
			}
		})
	}
}

// After minRequests timeouts the breaker opens and the Neo4j stage is
// skipped at once; after the open period a single trial goes through
// (a second request meanwhile is still skipped), and once Neo4j is back the
// trial succeeds and the breaker closes.
func TestEngineBreakerOpensAndRecovers(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	backend := &switchable{h: silent}
	srv := startServer(t, backend.handle)
	defer srv.Close()
	s := newEngineSetup(t, srv.Addr())
	defer s.close()
	state := func() string { return s.ws.Engine.Breakers.State(s.ws.Root, "neo4j") }

	for i := range minRequests {
		res, _ := s.incoming(t)
		if att := neo4jAttempt(t, res); att.Reason != cascade.ReasonTimeout {
			t.Fatalf("request %d: neo4j attempt %s/%s, want a timeout", i+1, att.Outcome, att.Reason)
		}
	}
	if got := state(); got != "open" {
		t.Fatalf("after %d timeouts the breaker is %s, want open", minRequests, got)
	}
	res, _ := s.incoming(t)
	att := neo4jAttempt(t, res)
	if att.Outcome != cascade.OutcomeSkipped || att.Reason != cascade.ReasonCircuitOpen {
		t.Errorf("with the breaker open: neo4j attempt %s/%s, want skipped/circuit_open", att.Outcome, att.Reason)
	}
	if att.Duration > 20*time.Millisecond {
		t.Errorf("an open breaker took %v to skip the stage", att.Duration)
	}
	if res.Backend != cascade.BackendEmbedded {
		t.Errorf("with the breaker open the answer came from %q, want the local graph", res.Backend)
	}

	// Half-open, Neo4j still silent: one trial, a concurrent request skipped.
	time.Sleep(openFor + 50*time.Millisecond)
	var wg sync.WaitGroup
	var trial cascade.Result
	wg.Add(1)
	go func() {
		defer wg.Done()
		trial, _ = s.ws.Engine.Incoming(context.Background(), s.target)
	}()
	time.Sleep(40 * time.Millisecond) // the trial is waiting on Neo4j (150 ms)
	concurrent, _ := s.incoming(t)
	wg.Wait()
	if att := neo4jAttempt(t, trial); att.Reason != cascade.ReasonTimeout {
		t.Errorf("the half-open trial: %s/%s, want it to go through and time out", att.Outcome, att.Reason)
	}
	if att := neo4jAttempt(t, concurrent); att.Reason != cascade.ReasonCircuitOpen {
		t.Errorf("a request during the trial: %s/%s, want circuit_open", att.Outcome, att.Reason)
	}
	if got := state(); got != "open" {
		t.Errorf("after a failed trial the breaker is %s, want open again", got)
	}

	// Neo4j is back (up, holding no index for this repository: an answer).
	backend.set(boltEmpty)
	time.Sleep(openFor + 50*time.Millisecond)
	res, _ = s.incoming(t)
	if att := neo4jAttempt(t, res); att.Reason != cascade.ReasonIndexMissing {
		t.Errorf("the trial with Neo4j back: %s/%s (%s), want index_missing", att.Outcome, att.Reason, att.Error)
	}
	if got := state(); got != "closed" {
		t.Errorf("after a good trial the breaker is %s, want closed", got)
	}
	res, _ = s.incoming(t)
	if att := neo4jAttempt(t, res); att.Reason == cascade.ReasonCircuitOpen {
		t.Errorf("after closing, the next request was still skipped")
	}
}

// Rejected credentials are the user's to fix: every request reports them
// (AuthFailed, for a configuration diagnostic) and the breaker stays closed.
func TestEngineAuthFailureDoesNotTripBreaker(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	srv := startServer(t, boltAuthFailure)
	defer srv.Close()
	s := newEngineSetup(t, srv.Addr())
	defer s.close()
	for i := range 2 * minRequests {
		res, _ := s.incoming(t)
		att := neo4jAttempt(t, res)
		if att.Reason != cascade.ReasonBackendError || !res.AuthFailed {
			t.Errorf("request %d: neo4j attempt %s/%s, AuthFailed %v; want backend_error with AuthFailed", i+1, att.Outcome, att.Reason, res.AuthFailed)
		}
	}
	if got := s.ws.Engine.Breakers.State(s.ws.Root, "neo4j"); got != "closed" {
		t.Errorf("after %d rejected logins the breaker is %s, want closed", 2*minRequests, got)
	}
}
