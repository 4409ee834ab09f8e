package grep

import (
	"context"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/stage"
)

// cutOffSearcher answers as a scan the deadline stopped after finding two
// sites.
type cutOffSearcher struct{}

func (cutOffSearcher) SearchCallers(context.Context, fact.Symbol, int, stage.Settled) (CallerResult, error) {
	call := stage.Call{Edge: fact.Edge{Symbol: fact.Symbol{Name: "checkout", Path: "web/cart.ts"}}, Detail: "grep fallback: call"}
	return CallerResult{Calls: []stage.Call{call}, Sites: 2, Files: 1, Partial: true}, nil
}

// A scan cut off by its deadline answers with what it found, but says so:
// partial and timeout, as the graph stage does, never a plain hit that
// reads as every caller (the rest of the workspace was not read).
func TestStageSaysACutOffScanIsPartial(t *testing.T) {
	q := &stage.Query{Target: stageTarget("get"), GrepLimit: 50, GrepSites: -1}
	out := NewStage(cutOffSearcher{}).Run(context.Background(), q)
	if !out.Hit || len(out.Calls) != 1 {
		t.Fatalf("hit=%v calls=%d (%s): want the sites found so far to answer", out.Hit, len(out.Calls), out.Observed)
	}
	if !out.Partial || out.Reason != stage.ReasonTimeout {
		t.Errorf("partial=%v reason=%q (%s): want partial and %q", out.Partial, out.Reason, out.Observed, stage.ReasonTimeout)
	}
	if q.GrepSites != -1 {
		t.Errorf("GrepSites=%d: a partial scan's count must not stand for the workspace's", q.GrepSites)
	}
}

// A scan cut off before it could count past the limit, for a name of
// which the code graph already counts more untyped sites than the limit,
// declines the name as a finished scan would: the machine's load must not
// turn a too-common name into a list of possible callers. Below the
// graph's count, the cut-off scan answers as before.
func TestStageCutOffScanOfATooCommonNameDeclines(t *testing.T) {
	for _, tc := range []struct {
		undecided int
		wantHit   bool
	}{{undecided: 51, wantHit: false}, {undecided: 50, wantHit: true}} {
		q := &stage.Query{Target: stageTarget("get"), GrepLimit: 50, GrepSites: -1,
			Settled: stage.Settled{Elsewhere: stage.ResolvedSites{}, Undecided: tc.undecided}}
		out := NewStage(cutOffSearcher{}).Run(context.Background(), q)
		if out.Hit != tc.wantHit {
			t.Errorf("undecided %d: hit=%v (%s), want %v", tc.undecided, out.Hit, out.Observed, tc.wantHit)
		}
		if !tc.wantHit && (out.Reason != stage.ReasonTooManyMatches || !out.Partial || len(q.Candidates) != 1) {
			t.Errorf("undecided %d: reason=%q partial=%v candidates=%d: want %q, partial, the sites found in the report",
				tc.undecided, out.Reason, out.Partial, len(q.Candidates), stage.ReasonTooManyMatches)
		}
	}
}
