package cascade

import (
	"context"
	"sync/atomic"
	"time"
)

// foreground counts the questions being answered in this process, so that
// background work steps aside while one runs. After an index pass the
// resolver's warm-up, the full-text build and the grep stage's word index
// run for several seconds (7 s on the 7,155-file Go benchmark on a busy
// two-core machine), and answers that take a millisecond alone took 30 to
// 300 ms beside them: Go shares the process's few threads evenly between
// its goroutines, whatever they are for. Every stage of every workspace
// competes for the same cores, so one count serves the process.
var foreground requestCount

type requestCount struct{ inFlight atomic.Int32 }

// begin counts one question until the function it returns is called.
func (c *requestCount) begin() func() {
	c.inFlight.Add(1)
	return func() { c.inFlight.Add(-1) }
}

// maxYield bounds one pause of background work, so that a steady stream of
// questions delays it without starving it.
const maxYield = 250 * time.Millisecond

// yieldPoll is how often a paused background task looks again.
const yieldPoll = time.Millisecond

// yield returns at once when no question is being answered; otherwise it
// waits until none is, maxYield has passed or ctx ends. Background loops
// call it between chunks of their work.
func (c *requestCount) yield(ctx context.Context) {
	if c.inFlight.Load() == 0 {
		return
	}
	deadline := time.Now().Add(maxYield)
	tick := time.NewTicker(yieldPoll)
	defer tick.Stop()
	for c.inFlight.Load() > 0 && time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// YieldToRequests is what background work of this process's workspaces
// calls between chunks (see foreground).
func YieldToRequests(ctx context.Context) { foreground.yield(ctx) }
