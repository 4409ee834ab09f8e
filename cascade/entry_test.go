package cascade_test

import (
	"context"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade"
)

// A framework entry point that no code calls is answered by its role: the
// fallback stages, which would only guess by name, are recorded as skipped,
// and the answer (its report, its JSON) names how the framework reaches it.
// A plain function with no caller still goes through every stage.
func TestEngineAnswersEntryPointsByRole(t *testing.T) {
	f := newFixture(t, map[string]string{"src/billing.ts": billingTS + `
export function sweepCaller(): void {}
`})
	ws := cascade.NewWorkspace(f.root, f.store, cascade.Options{Engine: roomy()})
	t.Cleanup(ws.Close)
	grep := &fakeGrep{calls: []cascade.Call{{Stage: cascade.StageGrep, Detail: "grep fallback"}}}
	ws.Engine.Grep = grep

	res, err := ws.Engine.Incoming(context.Background(), f.symbol(t, "sweepExpiredSessions"))
	if err != nil {
		t.Fatal(err)
	}
	if grep.asked.Load() != 0 {
		t.Errorf("grep was asked for an entry point: %s", describe(res))
	}
	if len(res.Calls) != 0 || res.Stage != cascade.StageReport || len(res.Entry) != 1 {
		t.Fatalf("want the report with one entry point and no calls, got entry %+v: %s", res.Entry, describe(res))
	}
	ep := res.Entry[0]
	if ep.Kind != "scheduled" || !strings.HasPrefix(ep.Hint, "runs every hour") || ep.Span.Start.Line != 13 {
		t.Errorf("entry point %+v, want scheduled, 'runs every hour', at its @Cron (line 14)", ep)
	}
	for _, stage := range []string{cascade.StageGrep, cascade.StageKeyword} {
		if a := attemptOf(t, res, stage, ""); a.Outcome != cascade.OutcomeSkipped || a.Reason != cascade.ReasonFrameworkEntry {
			t.Errorf("%s attempt %s/%s, want skipped/%s", stage, a.Outcome, a.Reason, cascade.ReasonFrameworkEntry)
		}
	}
	if res.Report == nil || len(res.Report.Causes) == 0 || res.Report.Causes[0].Code != "framework_entry" ||
		!strings.Contains(res.Report.Explanation, "runs every hour") {
		t.Errorf("report %+v, want framework_entry first and the schedule explained", res.Report)
	}
	a := res.Answer()
	if a.Meta.Strategy != "framework_entry" || len(a.EntryPoints) != 1 || a.EntryPoints[0].Location != "src/billing.ts:14:3" {
		t.Errorf("JSON strategy %q entry points %+v, want framework_entry at src/billing.ts:14:3", a.Meta.Strategy, a.EntryPoints)
	}

	// No role: the fallbacks run as always.
	res, err = ws.Engine.Incoming(context.Background(), f.symbol(t, "orphanHelper"))
	if err != nil {
		t.Fatal(err)
	}
	if grep.asked.Load() != 1 || len(res.Entry) != 0 || res.Stage != cascade.StageGrep {
		t.Errorf("orphanHelper: grep asked %d times, entry %+v, want grep's answer: %s", grep.asked.Load(), res.Entry, describe(res))
	}
}
