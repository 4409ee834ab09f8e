package cascade_test

import (
	"sync"
	"testing"

	"github.com/callcascade/callcascade/cascade"
)

func answered(stage string, calls int) cascade.Result {
	return cascade.Result{Stage: stage, Direction: cascade.Incoming, Calls: make([]cascade.Call, calls)}
}

// alerts records every fallback alert.
type alerts struct {
	mu    sync.Mutex
	repos []string
	rates []float64
}

func (a *alerts) hear(repo string, rate float64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.repos = append(a.repos, repo)
	a.rates = append(a.rates, rate)
}

func (a *alerts) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.repos)
}

func TestFallbackAlertFiresOncePerEpisodeWhenRatePasses20Percent(t *testing.T) {
	m := cascade.NewMetrics()
	var heard alerts
	m.FallbackAlert = heard.hear

	// Exactly 20% is not past 20%.
	for i := range 10 {
		if i%5 == 0 {
			m.Observe("/ws", answered(cascade.StageGrep, 1))
		} else {
			m.Observe("/ws", answered(cascade.StageGraph, 1))
		}
	}
	if n := heard.count(); n != 0 {
		t.Fatalf("alerted at a 20%% fallback rate (%v)", heard.rates)
	}
	m.Observe("/ws", answered(cascade.StageReport, 0)) // 3 of 11
	if n := heard.count(); n != 1 {
		t.Fatalf("%d alerts once the rate passed 20%%, want 1", n)
	}
	if heard.repos[0] != "/ws" || heard.rates[0] <= 0.2 || heard.rates[0] > 1 {
		t.Errorf("alert for %s at rate %.2f, want /ws above 0.20", heard.repos[0], heard.rates[0])
	}

	// Still falling back: the user was told once and is not nagged.
	for range 30 {
		m.Observe("/ws", answered(cascade.StageKeyword, 1))
	}
	if n := heard.count(); n != 1 {
		t.Errorf("%d alerts while the rate stayed high, want still 1", n)
	}
	// Recovering (the rate falls back under 20%), then falling back again:
	// a new episode, and a new alert (issue 14: the alert re-arms).
	for range 100 {
		m.Observe("/ws", answered(cascade.StageGraph, 1))
	}
	if n := heard.count(); n != 1 {
		t.Errorf("%d alerts after recovering, want still 1", n)
	}
	for range 50 {
		m.Observe("/ws", answered(cascade.StageReport, 0))
	}
	if n := heard.count(); n != 2 {
		t.Errorf("%d alerts after the rate passed 20%% again, want 2", n)
	}

	stats := m.Stats()
	if len(stats) != 1 {
		t.Fatalf("stats for %d repositories, want 1", len(stats))
	}
	s := stats[0]
	if s.Requests != 191 || s.Fallbacks != 83 || s.FallbackHits != 32 || s.ByStage[cascade.StageGraph] != 108 || s.ByStage[cascade.StageReport] != 51 {
		t.Errorf("stats %+v, want 191 requests, 83 fallbacks, 32 rescued, 108 by graph, 51 by report", s)
	}
	if s.FallbackRate != 1 {
		t.Errorf("fallback rate over the window %.2f, want 1 after 50 fallbacks in a row", s.FallbackRate)
	}
}

// The rate is over a window of recent requests: a long healthy history
// does not hide a repository whose index just went stale.
func TestFallbackAlertUsesTheRecentWindow(t *testing.T) {
	m := cascade.NewMetrics()
	m.Window, m.MinRequests = 10, 10
	var heard alerts
	m.FallbackAlert = heard.hear
	for range 200 {
		m.Observe("/ws", answered(cascade.StageGraph, 1))
	}
	for range 3 {
		m.Observe("/ws", answered(cascade.StageGrep, 1))
	}
	if n := heard.count(); n != 1 {
		t.Errorf("%d alerts after 3 fallbacks in the last 10 requests (of 203), want 1", n)
	}
}

func TestFallbackAlertNeedsMinimumRequests(t *testing.T) {
	m := cascade.NewMetrics()
	var heard alerts
	m.FallbackAlert = heard.hear
	for range 9 {
		m.Observe("/ws", answered(cascade.StageReport, 0))
	}
	if n := heard.count(); n != 0 {
		t.Errorf("alerted after 9 requests, under the default minimum of 10")
	}
	m.Observe("/ws", answered(cascade.StageReport, 0))
	if n := heard.count(); n != 1 {
		t.Errorf("%d alerts at the 10th request all falling back, want 1", n)
	}
}

// Requests from many goroutines, on several repositories: each repository
// is alerted once.
func TestFallbackAlertOncePerRepositoryUnderConcurrency(t *testing.T) {
	m := cascade.NewMetrics()
	var heard alerts
	m.FallbackAlert = heard.hear
	repos := []string{"/a", "/b", "/c"}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 60 {
				m.Observe(repos[(g+i)%len(repos)], answered(cascade.StageGrep, 1))
			}
		}()
	}
	wg.Wait()
	if n := heard.count(); n != len(repos) {
		t.Fatalf("%d alerts for %d repositories, want one each: %v", n, len(repos), heard.repos)
	}
	seen := map[string]bool{}
	for _, r := range heard.repos {
		if seen[r] {
			t.Errorf("repository %s alerted twice", r)
		}
		seen[r] = true
	}
}

// Observing on a nil Metrics (metrics off) is a no-op, not a crash.
func TestNilMetricsObserve(t *testing.T) {
	var m *cascade.Metrics
	m.Observe("/ws", answered(cascade.StageGraph, 1))
	if m.Stats() != nil {
		t.Errorf("nil metrics has stats")
	}
}
