package index

import (
	"runtime/debug"
	"sync"
)

// parseGCPercent is the collector's target, as a multiple of the one set
// (GOGC, 100 unless told), while IndexAll parses: a pass allocates about
// 40 times its live heap on medusa (275 MB against 10–30 MB), so at 100
// the collector ran some 45 times in a cold index, its marking about a
// tenth of the index's own cost over the parse. Half as much again cuts
// the collections by two fifths for a few MB more at the peak
// (docs/PERFORMANCE.md, session 22); more would raise the peak RSS past
// what the index had before.
const parseGCPercent = 1.5

// gcRaised counts the passes that run with the collector's target raised,
// and keeps the target they found: the last to end restores it.
var gcRaised struct {
	sync.Mutex
	passes int
	prev   int
}

// raiseGC raises the collector's target for a parsing pass; call the
// function it returns when the pass ends. A target turned off (GOGC=off)
// is left off.
func raiseGC() (restore func()) {
	gcRaised.Lock()
	defer gcRaised.Unlock()
	if gcRaised.passes == 0 {
		// Set at once for the usual 100, then corrected for another
		// setting: asking with -1 would wait for a collection under way.
		prev := debug.SetGCPercent(int(100 * parseGCPercent))
		gcRaised.prev = prev
		switch {
		case prev <= 0:
			debug.SetGCPercent(prev)
		case prev != 100:
			debug.SetGCPercent(int(float64(prev) * parseGCPercent))
		}
	}
	gcRaised.passes++
	return func() {
		gcRaised.Lock()
		defer gcRaised.Unlock()
		if gcRaised.passes--; gcRaised.passes == 0 {
			debug.SetGCPercent(gcRaised.prev)
		}
	}
}
