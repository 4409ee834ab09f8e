package cascade

import (
	"context"
	"fmt"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/index"
)

// A request that arrives while the first index runs is answered as well as
// the index allows, and says how far it is: the files that mention the
// target are indexed first (within part of the budget), and the answer is
// marked partial, with the graph's "no callers" never taken for the truth
// while files remain unread. Front ends publish it again when the index
// completes.

// IndexSource is the workspace indexer's state as the engine needs it.
type IndexSource interface {
	Progress() index.Progress
	IndexMentioning(ctx context.Context, name string) (int, error)
}

// IndexProgress says an answer was given while the first index ran.
type IndexProgress struct {
	Done  int `json:"done"`  // files of the pass done when the answer was given
	Total int `json:"total"` // files the pass has to do
	// Ahead is how many files mentioning the target were indexed ahead
	// of the pass for this request.
	Ahead int `json:"ahead"`
}

// String is the progress in words: "indexing 1,240 of 7,372 files".
func (p IndexProgress) String() string {
	if p.Total == 0 {
		return "indexing: listing the workspace's files"
	}
	return fmt.Sprintf("indexing %s of %s files", thousands(p.Done), thousands(p.Total))
}

// aheadShare of the budget may go to indexing the target's files first.
const aheadShare = 0.5

// indexAhead indexes the files mentioning the target, when the first index
// is running; nil when it is not.
func (e *Engine) indexAhead(ctx context.Context, target fact.Symbol, budget time.Duration) *IndexProgress {
	if e.Index == nil || !e.Index.Progress().Running {
		return nil
	}
	actx, cancel := context.WithTimeout(ctx, time.Duration(float64(budget)*aheadShare))
	defer cancel()
	n, _ := e.Index.IndexMentioning(actx, target.Name)
	return &IndexProgress{Ahead: n}
}

// markIndexing marks an answer given before the first index ended: partial,
// with the index's progress; the graph's "no callers" becomes "the index is
// incomplete", since a caller may sit in a file not read yet.
func (e *Engine) markIndexing(res *Result, ip *IndexProgress) {
	if ip == nil {
		return
	}
	p := e.Index.Progress()
	if !p.Running {
		return // the pass ended while the request ran: the answer stands
	}
	ip.Done, ip.Total = p.Done, p.Total
	res.Index, res.Partial = ip, true
	for i := range res.Attempts {
		if a := &res.Attempts[i]; a.Stage == StageGraph && a.Reason == ReasonNoCallers {
			a.Reason = ReasonIndexIncomplete
			a.Observed = fmt.Sprintf("no caller in the files indexed so far (%s; %d mentioning the name indexed first)", ip, ip.Ahead)
		}
	}
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[0] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
