package cascade_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// Issue 14, item 4: a stage that runs out of time says timeout, partial,
// with what it found so far; never no_callers.

// Three callers of target, one per file, resolved in file order.
var cutOffFiles = map[string]string{
	"src/lib.ts": "export function target(): number {\n  return 1;\n}\n",
	"src/a.ts":   "import { target } from './lib';\nexport function first(): number {\n  return target();\n}\n",
	"src/m.ts":   "import { target } from './lib';\nexport function middle(): number {\n  return target();\n}\n",
	"src/z.ts":   "import { target } from './lib';\nexport function last(): number {\n  return target();\n}\n",
}

// stallingStore is the real store, except that reading one file's facts
// waits for the request's deadline: the resolver is stopped mid-way through
// the target's call sites, as on a name with more sites than its timeout
// allows.
type stallingStore struct {
	graph.Store
	stallOn string
}

func (s stallingStore) File(ctx context.Context, path string) (fact.File, error) {
	if path == s.stallOn {
		<-ctx.Done()
		return fact.File{}, ctx.Err()
	}
	return s.Store.File(ctx, path)
}

// engineOver is an engine whose only graph backend is the embedded store
// behind the given resolver, with grep answering by name (or nil).
func engineOver(f *fixture, resolver graph.EdgeResolver, grep cascade.GrepSearcher, graphTimeout time.Duration) *cascade.Engine {
	cfg := cascade.Config{GraphTimeout: graphTimeout, GrepTimeout: 10 * time.Second, KeywordTimeout: 10 * time.Second, Budget: 30 * time.Second}
	e := &cascade.Engine{Root: f.root, Graphs: []cascade.GraphBackend{{Name: cascade.BackendEmbedded, Store: f.store, Resolver: resolver}},
		Config: cfg, Breakers: &cascade.Breakers{Config: cfg.Breaker}}
	if grep != nil {
		e.Grep = grep
	}
	return e
}

// The real resolver, stopped by its deadline after some of the target's
// call sites, returns the callers resolved so far with the deadline's error.
func TestResolverCutOffReturnsWhatItFound(t *testing.T) {
	f := newFixture(t, cutOffFiles)
	target := f.symbol(t, "target")
	r := &resolve.Resolver{Store: stallingStore{Store: f.store, stallOn: "src/z.ts"}}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	edges, err := r.Incoming(ctx, target)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Incoming cut off by its deadline: err = %v, want the deadline's", err)
	}
	var got []string
	for _, e := range edges {
		got = append(got, e.Symbol.Name)
	}
	if !slices.Contains(got, "first") || slices.Contains(got, "last") {
		t.Errorf("callers found before the deadline = %v, want first among them and not last (its file never read)", got)
	}
}

// Through the engine, the graph stage answers the callers found before its
// timeout as a partial graph answer: precise, flagged partial, reason
// timeout on the attempt's record, not a fallback's guess.
func TestGraphTimeoutAnswersPartial(t *testing.T) {
	f := newFixture(t, cutOffFiles)
	target := f.symbol(t, "target")
	stalling := &resolve.Resolver{Store: stallingStore{Store: f.store, stallOn: "src/z.ts"}}
	grep := &fakeGrep{calls: []cascade.Call{{Edge: fact.Edge{Symbol: target, Resolution: cascade.ResolvedGrep}, Stage: cascade.StageGrep}}}
	e := engineOver(f, stalling, grep, 200*time.Millisecond)
	res, err := e.Incoming(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stage != cascade.StageGraph || !res.Partial || !res.GraphCutOff() {
		t.Fatalf("stage %s partial %v cut off %v, want a partial graph answer: %s", res.Stage, res.Partial, res.GraphCutOff(), describe(res))
	}
	if a := res.Attempts[0]; a.Outcome != cascade.OutcomeHit || !a.Partial || !strings.Contains(a.Observed, "timeout") {
		t.Errorf("graph attempt = %s partial %v %q, want a partial hit that says it was cut off", a.Outcome, a.Partial, a.Observed)
	}
	if got := callerNames(res.Calls); !slices.Contains(got, "first") || slices.Contains(got, "last") {
		t.Errorf("callers = %v, want those resolved before the timeout", got)
	}
	if n := grep.asked.Load(); n != 0 {
		t.Errorf("grep was asked %d times after the graph answered", n)
	}
	if w := res.Answer().Meta.Warning; !strings.Contains(w, "cut off") {
		t.Errorf("JSON warning %q does not say the answer was cut off", w)
	}
	if !res.Answer().Meta.Partial {
		t.Errorf("JSON meta.partial is false for a cut-off answer")
	}
}

// stalledResolver finds nothing before its deadline: it waits for it.
type stalledResolver struct{}

func (stalledResolver) Incoming(ctx context.Context, _ fact.Symbol) ([]fact.Edge, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func (stalledResolver) Outgoing(ctx context.Context, _ fact.Symbol) ([]fact.Edge, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// A graph that found nothing before its timeout says timeout, never
// no_callers, and the fallback after it is not presented as if the graph
// had said none: the JSON and the report say the graph ran out of time.
func TestGraphTimeoutIsNeverNoCallers(t *testing.T) {
	f := newFixture(t, cutOffFiles)
	target := f.symbol(t, "target")
	first := f.symbol(t, "first")
	for _, tc := range []struct {
		name     string
		resolver graph.EdgeResolver
		timeout  time.Duration
	}{
		{"blocking resolver", stalledResolver{}, 20 * time.Millisecond},
		{"tiny budget, real resolver", &resolve.Resolver{Store: f.store}, time.Nanosecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Run("grep answers", func(t *testing.T) {
				grep := &fakeGrep{calls: []cascade.Call{{Edge: fact.Edge{Symbol: first, Resolution: cascade.ResolvedGrep}, Stage: cascade.StageGrep, Detail: "grep fallback"}}}
				res, err := engineOver(f, tc.resolver, grep, tc.timeout).Incoming(context.Background(), target)
				if err != nil {
					t.Fatal(err)
				}
				a := attemptOf(t, res, cascade.StageGraph, cascade.BackendEmbedded)
				if a.Reason != cascade.ReasonTimeout || a.Outcome != cascade.OutcomeMiss {
					t.Fatalf("graph attempt %s %s, want a miss with reason timeout: %s", a.Outcome, a.Reason, describe(res))
				}
				if res.Stage != cascade.StageGrep || res.Reason() != cascade.ReasonTimeout || !res.GraphCutOff() {
					t.Errorf("stage %s reason %s cut off %v, want grep after a graph timeout", res.Stage, res.Reason(), res.GraphCutOff())
				}
				w := res.Answer().Meta.Warning
				if !strings.Contains(w, "ran out of time") || strings.Contains(w, "no_callers") {
					t.Errorf("JSON warning %q: want it to say the graph ran out of time, not that it found none", w)
				}
			})
			t.Run("nothing answers", func(t *testing.T) {
				res, err := engineOver(f, tc.resolver, nil, tc.timeout).Incoming(context.Background(), target)
				if err != nil {
					t.Fatal(err)
				}
				if res.Report == nil || res.Reason() != cascade.ReasonTimeout {
					t.Fatalf("want the report with reason timeout: %s", describe(res))
				}
				var codes []string
				for _, c := range res.Report.Causes {
					codes = append(codes, c.Code)
				}
				if len(codes) == 0 || codes[0] != "graph_timeout" {
					t.Errorf("report causes %v: want graph_timeout first", codes)
				}
				// The error a JSON or MCP client branches on says the
				// callers are unknown, not that there are none.
				if ans := res.Answer(); ans.Error != "GRAPH_TIMEOUT" || strings.HasPrefix(ans.Explanation, "No callers") {
					t.Errorf("answer error %q, explanation %q: want GRAPH_TIMEOUT, not a \"no callers\" answer", ans.Error, ans.Explanation)
				}
			})
		})
	}
}
