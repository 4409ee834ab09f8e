package cascade

import (
	"sort"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics counts requests per repository: how many, how many fell back past
// the graph, which stage answered, how many fallbacks found something. The
// counters are Prometheus collectors (served by --metrics-addr) and are also
// summarised for callcascade.status.
type Metrics struct {
	Registry *prometheus.Registry

	// FallbackAlert is called when a repository's fallback rate over the
	// last Window requests passes AlertRate (the server turns it into a
	// window/showMessage suggesting a re-index): once per episode, re-armed
	// when the rate falls back to AlertRate or under it.
	FallbackAlert func(repo string, rate float64)
	Window        int     // requests in the rate window (default 50)
	MinRequests   int     // requests before the rate counts (default 10)
	AlertRate     float64 // default 0.2

	requests  *prometheus.CounterVec
	fallbacks *prometheus.CounterVec
	answered  *prometheus.CounterVec
	rescued   *prometheus.CounterVec
	attempts  *prometheus.HistogramVec

	mu    sync.Mutex
	repos map[string]*repoStats
}

type repoStats struct {
	requests, fallbacks, rescued int
	byStage                      map[string]int
	recent                       []bool // ring of "fell back" for the rate window
	next                         int
	alerted                      bool
}

// NewMetrics registers the counters in a fresh registry.
func NewMetrics() *Metrics {
	m := &Metrics{Registry: prometheus.NewRegistry(), repos: map[string]*repoStats{}}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "callcascade_requests_total",
		Help: "Call hierarchy queries answered, by repository and direction."}, []string{"repo", "direction"})
	m.fallbacks = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "callcascade_fallback_total",
		Help: "Queries the graph stage did not answer, so a fallback stage ran."}, []string{"repo"})
	m.answered = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "callcascade_answered_total",
		Help: "Queries by the stage that answered (graph, grep, keyword, report)."}, []string{"repo", "stage"})
	m.rescued = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "callcascade_fallback_success_total",
		Help: "Queries where a fallback stage found callers after the graph missed."}, []string{"repo"})
	m.attempts = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "callcascade_stage_seconds",
		Help: "Duration of stage attempts, by stage and outcome.", Buckets: prometheus.ExponentialBuckets(0.0005, 2.5, 10)},
		[]string{"stage", "outcome", "reason"})
	m.Registry.MustRegister(m.requests, m.fallbacks, m.answered, m.rescued, m.attempts)
	return m
}

// Observe records one result. A nil Metrics records nothing.
func (m *Metrics) Observe(repo string, r Result) {
	if m == nil {
		return
	}
	fell := r.Stage != StageGraph
	m.requests.WithLabelValues(repo, r.Direction).Inc()
	m.answered.WithLabelValues(repo, r.Stage).Inc()
	if fell {
		m.fallbacks.WithLabelValues(repo).Inc()
	}
	rescued := fell && len(r.Calls) > 0
	if rescued {
		m.rescued.WithLabelValues(repo).Inc()
	}
	for _, a := range r.Attempts {
		m.attempts.WithLabelValues(a.Stage, a.Outcome, a.Reason).Observe(a.Duration.Seconds())
	}

	m.mu.Lock()
	s := m.repos[repo]
	if s == nil {
		s = &repoStats{byStage: map[string]int{}}
		m.repos[repo] = s
	}
	s.requests++
	s.byStage[r.Stage]++
	if fell {
		s.fallbacks++
	}
	if rescued {
		s.rescued++
	}
	window := m.Window
	if window <= 0 {
		window = 50
	}
	if len(s.recent) < window {
		s.recent = append(s.recent, fell)
	} else {
		s.recent[s.next] = fell
		s.next = (s.next + 1) % window
	}
	rate := s.rateLocked()
	minReq := m.MinRequests
	if minReq <= 0 {
		minReq = 10
	}
	alertAt := m.AlertRate
	if alertAt <= 0 {
		alertAt = 0.2
	}
	alert := !s.alerted && len(s.recent) >= minReq && rate > alertAt
	switch {
	case alert:
		s.alerted = true
	case s.alerted && rate <= alertAt:
		s.alerted = false // the episode is over: the next one is news
	}
	m.mu.Unlock()
	if alert && m.FallbackAlert != nil {
		m.FallbackAlert(repo, rate)
	}
}

func (s *repoStats) rateLocked() float64 {
	if len(s.recent) == 0 {
		return 0
	}
	n := 0
	for _, f := range s.recent {
		if f {
			n++
		}
	}
	return float64(n) / float64(len(s.recent))
}

// RepoStats summarises one repository for status reports.
type RepoStats struct {
	Repo         string         `json:"repo"`
	Requests     int            `json:"requests"`
	Fallbacks    int            `json:"fallbacks"`
	FallbackHits int            `json:"fallbackSuccesses"`
	ByStage      map[string]int `json:"answeredByStage"`
	FallbackRate float64        `json:"fallbackRate"` // over the recent window
}

// Stats lists every repository's counters, sorted by repository.
func (m *Metrics) Stats() []RepoStats {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]RepoStats, 0, len(m.repos))
	for repo, s := range m.repos {
		by := make(map[string]int, len(s.byStage))
		for k, v := range s.byStage {
			by[k] = v
		}
		out = append(out, RepoStats{Repo: repo, Requests: s.requests, Fallbacks: s.fallbacks, FallbackHits: s.rescued, ByStage: by, FallbackRate: s.rateLocked()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Repo < out[j].Repo })
	return out
}
