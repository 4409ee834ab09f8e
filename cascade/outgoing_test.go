package cascade_test

import (
	"context"
	"testing"

	"github.com/callcascade/callcascade/cascade"
)

// Issue 14, item 4: an outgoing answer for a function that calls nothing in
// the workspace is the graph's precise answer, "calls nothing": not a
// fallback, so it neither counts in the fallback rate nor raises the
// "index may be stale" alert, and it carries no not-found report.
func TestOutgoingOfALeafIsAPreciseAnswer(t *testing.T) {
	f := newFixture(t, map[string]string{"src/billing.ts": billingTS})
	e := newEngine(f, nil, roomy())
	e.Metrics = cascade.NewMetrics()
	var heard alerts
	e.Metrics.FallbackAlert = heard.hear
	for _, name := range []string{"orphanHelper", "computeTotal"} { // returns a constant; calls only a built-in
		leaf := f.symbol(t, name)
		for range 20 {
			res, err := e.Outgoing(context.Background(), leaf)
			if err != nil {
				t.Fatal(err)
			}
			if res.Stage != cascade.StageGraph || res.Degraded() || res.Report != nil || len(res.Calls) != 0 {
				t.Fatalf("outgoing of %s: stage %s degraded %v report %v calls %d, want the graph's precise empty answer: %s",
					name, res.Stage, res.Degraded(), res.Report != nil, len(res.Calls), describe(res))
			}
			if a := res.Answer(); a.Meta.Strategy != "precise" || a.Meta.Degraded || a.Error != "" {
				t.Fatalf("outgoing of %s as JSON: strategy %s degraded %v error %q, want precise", name, a.Meta.Strategy, a.Meta.Degraded, a.Error)
			}
		}
	}
	stats := e.Metrics.Stats()
	if len(stats) != 1 || stats[0].Fallbacks != 0 || stats[0].FallbackRate != 0 {
		t.Errorf("metrics %+v: want 40 requests and no fallback", stats)
	}
	if n := heard.count(); n != 0 {
		t.Errorf("%d fallback alerts after outgoing answers for leaf functions, want none", n)
	}

	// A function that does call something is answered by the graph too, and
	// one the index does not know still falls back to the report.
	checkout := f.symbol(t, "checkout")
	if res, err := e.Outgoing(context.Background(), checkout); err != nil || res.Stage != cascade.StageGraph || len(res.Calls) != 1 {
		t.Errorf("outgoing of checkout: %v, %s", err, describe(res))
	}
	unknown := checkout
	unknown.ID, unknown.Name = "", "notIndexed"
	if res, err := e.Outgoing(context.Background(), unknown); err != nil || res.Stage != cascade.StageReport {
		t.Errorf("outgoing of a name the index does not know: %v, %s", err, describe(res))
	}
}
