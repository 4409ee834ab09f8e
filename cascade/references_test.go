package cascade_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade"
)

// Issue 15: a function used as a value is a caller the graph answers with,
// said as such in the detail and in the JSON (provenance.reference), and
// the fallbacks do not run behind it: a reference is a caller, not a grep
// guess nor a mention.
func TestEngineReferencesAreCallers(t *testing.T) {
	f := newFixture(t, readFixture(t, "py-references"))
	e := withGrep(f, nil, roomy())
	res, err := e.Incoming(context.Background(), f.method(t, "Console", "flush"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Stage != cascade.StageGraph || res.Degraded() || len(res.Mentions) != 0 {
		t.Fatalf("answered by %s (degraded %v, %d mentions), want the graph's precise answer: %s", res.Stage, res.Degraded(), len(res.Mentions), describe(res))
	}
	raw, err := json.Marshal(res.Answer())
	if err != nil {
		t.Fatal(err)
	}
	var ans cascade.Answer
	if err := json.Unmarshal(raw, &ans); err != nil {
		t.Fatal(err)
	}
	got := map[string]cascade.AnswerProvenance{}
	for _, c := range ans.Calls {
		got[c.Caller] = c.Provenance
	}
	if p := got["Console.print"]; p.Reference != "flush" || !p.Precise || !strings.Contains(p.Detail, "passes flush as a value") {
		t.Errorf("Console.print: provenance %+v, want a precise reference to flush: %s", p, raw)
	}
	if p := got["Console.once"]; p.Reference != "" || !p.Precise || strings.Contains(p.Detail, "as a value") {
		t.Errorf("Console.once calls flush: provenance %+v, want a precise call", p)
	}
	// check_console reads flush for its mock's assert_called_once() and its
	// __name__: references, as pyright lists them.
	if p := got["check_console"]; p.Reference != "flush" || !p.Precise {
		t.Errorf("check_console: provenance %+v, want a precise reference to flush: %s", p, raw)
	}
	if len(got) != 3 {
		t.Errorf("callers %v, want Console.print, Console.once and check_console", callerNames(res.Calls))
	}
}
