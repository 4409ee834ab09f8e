package cascade

import (
	"context"
	"errors"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/sony/gobreaker/v2"

	"github.com/callcascade/callcascade/cascade/graph"
)

// BreakerConfig sets when a backend's breaker trips.
//
// The breaker trips on a failure *rate* over a rolling window with a minimum
// number of requests, not on a count of consecutive failures: a busy editor
// on a healthy but briefly slow backend racks up a few timeouts in a row
// (Bazel's remote cache learned this), while a dead backend fails nearly every
// request. Half of at least MinRequests requests in the last Window failing
// means the backend is the problem, not the request.
type BreakerConfig struct {
	Window      time.Duration // rolling window of counts (default 60 s, in 10 s buckets)
	MinRequests uint32        // requests in the window before the rate counts (default 5)
	FailureRate float64       // share of failures that trips (default 0.5)
	OpenFor     time.Duration // open period before one trial request (default 30 s)
}

// Breaker defaults; see BreakerConfig for why a rate.
const (
	DefaultBreakerWindow      = 60 * time.Second
	DefaultBreakerMinRequests = 5
	DefaultBreakerFailureRate = 0.5
	DefaultBreakerOpenFor     = 30 * time.Second
)

func (c BreakerConfig) withDefaults() BreakerConfig {
	if c.Window <= 0 {
		c.Window = DefaultBreakerWindow
	}
	if c.MinRequests == 0 {
		c.MinRequests = DefaultBreakerMinRequests
	}
	if c.FailureRate <= 0 || c.FailureRate > 1 {
		c.FailureRate = DefaultBreakerFailureRate
	}
	if c.OpenFor <= 0 {
		c.OpenFor = DefaultBreakerOpenFor
	}
	return c
}

// Breakers holds one breaker per failure domain: a repository (workspace
// root) on one backend.
type Breakers struct {
	Config BreakerConfig
	Logger *slog.Logger
	// OnChange, when set, hears every state change (the server turns an
	// opening breaker into a message to the user).
	OnChange func(repo, backend string, from, to string)

	mu sync.Mutex
	m  map[breakerKey]*breaker
}

type breakerKey struct{ repo, backend string }

// backendFault marks an error that counts against a breaker. Everything
// else a stage returns is an answer (not found, no callers) or the user's
// own cancellation, and the breaker must not see it as a failure.
type backendFault struct{ err error }

// errNotAsked reports a request that never reached the backend (a name no
// index knows): like a cancellation, it says nothing about the backend, and
// counting it as a success would close a half-open breaker without a trial.
var errNotAsked = errors.New("cascade: backend not asked")

func (f backendFault) Error() string { return f.err.Error() }
func (f backendFault) Unwrap() error { return f.err }

// breaker is one failure domain's gobreaker with its state changes held
// back until gobreaker has let go of its lock: gobreaker calls
// OnStateChange with its mutex held, so a listener that blocks (a
// notification to a client that is not reading) would stall every request
// through the breaker, and one that asks for the states would deadlock.
type breaker struct {
	cb       *gobreaker.TwoStepCircuitBreaker[struct{}]
	onChange func(from, to string)

	mu         sync.Mutex
	pending    [][2]string // state changes not yet told, oldest first
	delivering sync.Mutex  // one teller at a time keeps changes in order
}

// Allow is gobreaker's two-step Allow, telling state changes after each step.
func (b *breaker) Allow() (func(error), error) {
	done, err := b.cb.Allow()
	b.tell()
	if err != nil {
		return nil, err
	}
	return func(err error) {
		done(err)
		b.tell()
	}, nil
}

// State is the current state; reading it may move open to half-open.
func (b *breaker) State() gobreaker.State {
	st := b.cb.State()
	b.tell()
	return st
}

func (b *breaker) Counts() gobreaker.Counts { return b.cb.Counts() }

// changed runs inside gobreaker's lock: it only queues.
func (b *breaker) changed(from, to gobreaker.State) {
	b.mu.Lock()
	b.pending = append(b.pending, [2]string{from.String(), to.String()})
	b.mu.Unlock()
}

// tell delivers queued changes outside gobreaker's lock. A caller that
// finds another one telling leaves it to that one, which looks again after
// it is done, so no change is left behind and none blocks a request that
// merely passes the breaker while a listener is slow.
func (b *breaker) tell() {
	for {
		b.mu.Lock()
		empty := len(b.pending) == 0
		b.mu.Unlock()
		if empty || !b.delivering.TryLock() {
			return
		}
		for {
			b.mu.Lock()
			batch := b.pending
			b.pending = nil
			b.mu.Unlock()
			if len(batch) == 0 {
				break
			}
			for _, c := range batch {
				b.onChange(c[0], c[1])
			}
		}
		b.delivering.Unlock()
	}
}

func (b *Breakers) get(repo, backend string) *breaker {
	b.mu.Lock()
	defer b.mu.Unlock()
	k := breakerKey{repo, backend}
	if br, ok := b.m[k]; ok {
		return br
	}
	if b.m == nil {
		b.m = map[breakerKey]*breaker{}
	}
	cfg := b.Config.withDefaults()
	bucket := cfg.Window / 6
	if bucket <= 0 {
		bucket = cfg.Window
	}
	br := &breaker{onChange: func(from, to string) {
		if b.Logger != nil {
			b.Logger.Warn("breaker state change", "repo", repo, "backend", backend, "from", from, "to", to)
		}
		if b.OnChange != nil {
			b.OnChange(repo, backend, from, to)
		}
	}}
	br.cb = gobreaker.NewTwoStepCircuitBreaker[struct{}](gobreaker.Settings{
		Name:         backend + " " + repo,
		MaxRequests:  1, // one trial request when half-open
		Interval:     cfg.Window,
		BucketPeriod: bucket,
		Timeout:      cfg.OpenFor,
		ReadyToTrip: func(c gobreaker.Counts) bool {
			judged := countedRequests(c)
			return judged >= cfg.MinRequests && float64(c.TotalFailures) >= cfg.FailureRate*float64(judged)
		},
		IsSuccessful: func(err error) bool {
			var f backendFault
			return !errors.As(err, &f)
		},
		// A cancelled request tells nothing about the backend, and rejected
		// credentials are the user's to fix: neither counts either way.
		IsExcluded: func(err error) bool {
			return errors.Is(err, context.Canceled) || errors.Is(err, graph.ErrUnauthorized) || errors.Is(err, errNotAsked)
		},
		OnStateChange: func(_ string, from, to gobreaker.State) { br.changed(from, to) },
	})
	b.m[k] = br
	return br
}

// countedRequests leaves out excluded requests (cancellations, rejected
// credentials): gobreaker counts them in Requests, and letting them make up
// the minimum, or dilute the rate, would judge a backend by requests that
// said nothing about it.
func countedRequests(c gobreaker.Counts) uint32 {
	if c.TotalExclusions > c.Requests {
		return 0
	}
	return c.Requests - c.TotalExclusions
}

// BreakerState is one breaker's state for status reports.
type BreakerState struct {
	Repo     string `json:"repo"`
	Backend  string `json:"backend"`
	State    string `json:"state"`    // closed, open, half-open
	Requests uint32 `json:"requests"` // in the window, cancellations and rejected credentials left out
	Failures uint32 `json:"failures"`
}

// States lists every breaker's state, sorted by repository and backend.
func (b *Breakers) States() []BreakerState {
	b.mu.Lock()
	keys := make([]breakerKey, 0, len(b.m))
	for k := range b.m {
		keys = append(keys, k)
	}
	b.mu.Unlock()
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].repo != keys[j].repo {
			return keys[i].repo < keys[j].repo
		}
		return keys[i].backend < keys[j].backend
	})
	out := make([]BreakerState, 0, len(keys))
	for _, k := range keys {
		cb := b.get(k.repo, k.backend)
		c := cb.Counts()
		out = append(out, BreakerState{Repo: k.repo, Backend: k.backend, State: cb.State().String(), Requests: countedRequests(c), Failures: c.TotalFailures})
	}
	return out
}

// State returns one breaker's state ("closed" for one never used).
func (b *Breakers) State(repo, backend string) string {
	return b.get(repo, backend).State().String()
}
