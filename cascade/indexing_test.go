package cascade_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/graph/index"
)

// fakeIndex is a first index that is still running.
type fakeIndex struct {
	running       atomic.Bool
	asked         atomic.Int32
	done, total   int
	mentionedName atomic.Value
}

func (f *fakeIndex) Progress() index.Progress {
	return index.Progress{Done: f.done, Total: f.total, Running: f.running.Load()}
}

func (f *fakeIndex) IndexMentioning(ctx context.Context, name string) (int, error) {
	f.asked.Add(1)
	f.mentionedName.Store(name)
	return 3, nil
}

// While the first index runs, the files mentioning the target are indexed
// first; the graph's "no callers" is not taken for the truth (reason
// index_incomplete), the answer is partial with the progress, and its JSON
// and report say so. Once the index is complete, none of this applies.
func TestAnswersDuringTheFirstIndexSaySo(t *testing.T) {
	f := newFixture(t, map[string]string{"src/a.ts": `export function lonely(): void {}
export function used(): void {}
export function caller(): void { used(); }
`})
	ws := cascade.NewWorkspace(f.root, f.store, cascade.Options{Engine: roomy(), NoGrep: true, NoKeyword: true})
	t.Cleanup(ws.Close)
	ix := &fakeIndex{done: 1240, total: 7372}
	ix.running.Store(true)
	ws.Engine.Index = ix

	res, err := ws.Engine.Incoming(context.Background(), f.symbol(t, "lonely"))
	if err != nil {
		t.Fatal(err)
	}
	if ix.asked.Load() != 1 || ix.mentionedName.Load() != "lonely" {
		t.Errorf("the files mentioning the target were not indexed first (asked %d)", ix.asked.Load())
	}
	if res.Reason() == cascade.ReasonNoCallers || res.Reason() != cascade.ReasonIndexIncomplete {
		t.Errorf("reason %q during the first index, want %q: %s", res.Reason(), cascade.ReasonIndexIncomplete, describe(res))
	}
	if !res.Partial || res.Index == nil || res.Index.String() != "indexing 1,240 of 7,372 files" || res.Index.Ahead != 3 {
		t.Errorf("partial %v, index %+v", res.Partial, res.Index)
	}
	ans := res.Answer()
	if ans.Meta.Index == nil || !strings.Contains(ans.Meta.Warning, "indexing 1,240 of 7,372 files") {
		t.Errorf("JSON meta %+v", ans.Meta)
	}
	if res.Report == nil || res.Report.Causes[0].Code != "index_incomplete" {
		t.Errorf("report causes %+v, want index_incomplete first", res.Report)
	}

	// A graph hit during the index is partial too.
	res, _ = ws.Engine.Incoming(context.Background(), f.symbol(t, "used"))
	if res.Stage != cascade.StageGraph || len(res.Calls) != 1 || !res.Partial || res.Index == nil {
		t.Errorf("a hit during the index: %s, partial %v", describe(res), res.Partial)
	}

	// Complete: a plain answer again.
	ix.running.Store(false)
	res, _ = ws.Engine.Incoming(context.Background(), f.symbol(t, "lonely"))
	if res.Index != nil || res.Partial || res.Reason() != cascade.ReasonNoCallers {
		t.Errorf("after the index: reason %q, index %+v", res.Reason(), res.Index)
	}
}
