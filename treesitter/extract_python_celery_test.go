package treesitter

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A beat schedule entry is recorded as a call of CeleryBeatCallee at the
// task's name (a literal or a constant); a dict with a 'task' but no 'schedule' is not one.
func TestPythonBeatEntries(t *testing.T) {
	src := `
app.conf.beat_schedule = {
    'cleanup': {'task': 'proj.tasks.cleanup', 'schedule': crontab(minute='*/5')},
    "nightly": {
        "task": TASK_NIGHTLY,
        "schedule": 300,
    },
}
job = {'task': 'proj.tasks.other', 'args': (1,)}

def configure(app):
    app.conf.update(beat_schedule={'x': {'schedule': 10, 'task': "proj.tasks.x"}})
`
	facts, err := Extract(context.Background(), Python, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got [][]string
	for _, c := range facts.Calls {
		if c.Callee == CeleryBeatCallee {
			got = append(got, append([]string{src[c.Span.StartByte:c.Span.EndByte]}, c.Args...))
		}
	}
	want := [][]string{
		{"'proj.tasks.cleanup'", "'proj.tasks.cleanup'", "schedule=crontab(minute='*/5')", "entry='cleanup'"},
		{"TASK_NIGHTLY", "TASK_NIGHTLY", "schedule=300", `entry="nightly"`},
		{`"proj.tasks.x"`, `"proj.tasks.x"`, "schedule=10", "entry='x'"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("beat entries (-want +got):\n%s", diff)
	}
}
