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
