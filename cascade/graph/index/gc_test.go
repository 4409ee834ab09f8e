package index

import (
	"runtime/debug"
	"sync"
	"testing"
)

// TestRaiseGCRestores: passes that overlap raise the collector's target
// once, and the last to end puts back the one they found, whatever it was.
func TestRaiseGCRestores(t *testing.T) {
	orig := debug.SetGCPercent(100)
	defer debug.SetGCPercent(orig)
	for _, set := range []int{100, 80, -1} {
		debug.SetGCPercent(set)
		want := set
		if set > 0 {
			want = int(float64(set) * parseGCPercent)
		}
		var wg sync.WaitGroup
		restores := make([]func(), 4)
		for i := range restores {
			restores[i] = raiseGC()
		}
		if got := debug.SetGCPercent(want); got != want {
			t.Errorf("GOGC %d: %d while passes run, want %d", set, got, want)
		}
		for _, r := range restores {
			wg.Add(1)
			go func() { defer wg.Done(); r() }()
		}
		wg.Wait()
		if got := debug.SetGCPercent(set); got != set {
			t.Errorf("GOGC %d: %d after the passes, want it back", set, got)
		}
	}
}
