// Package cascade answers "who calls this?" through a cascade of stages and
// says which stage answered. It knows nothing of LSP: the same engine serves
// the language server, the CLI and tests.
//
// The stages run in order — graph (one attempt per graph backend, each behind
// its repository's breaker) → grep → keyword → report — each with its own
// timeout inside the request's total budget. A stage that meets its success
// condition answers; a miss is recorded with its reason and the next stage
// runs. The report stage always answers, so no request ends empty-handed.
package cascade

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/grep"
	"github.com/callcascade/callcascade/cascade/keyword"
	"github.com/callcascade/callcascade/cascade/report"
	"github.com/callcascade/callcascade/cascade/stage"
)

// Stage names.
const (
	StageGraph   = stage.Graph
	StageGrep    = stage.Grep
	StageKeyword = stage.Keyword
	StageReport  = stage.Report
)

// Reason codes recorded on attempts that did not answer.
const (
	ReasonSymbolNotFound    = stage.ReasonSymbolNotFound
	ReasonNoCallers         = stage.ReasonNoCallers
	ReasonTimeout           = stage.ReasonTimeout
	ReasonCircuitOpen       = stage.ReasonCircuitOpen
	ReasonBackendError      = stage.ReasonBackendError
	ReasonIndexMissing      = stage.ReasonIndexMissing
	ReasonNoMatches         = stage.ReasonNoMatches
	ReasonTooManyMatches    = stage.ReasonTooManyMatches
	ReasonAmbiguousName     = stage.ReasonAmbiguousName
	ReasonNoRelevantMatches = stage.ReasonNoRelevantMatches
	ReasonCancelled         = stage.ReasonCancelled
	ReasonIndexIncomplete   = stage.ReasonIndexIncomplete
)

// Outcome of one stage attempt.
const (
	OutcomeHit     = "hit"
	OutcomeMiss    = "miss"
	OutcomeSkipped = "skipped"
)

// Directions.
const (
	Incoming = stage.Incoming
	Outgoing = stage.Outgoing
)

// ResolvedGrep and ResolvedKeyword mark fallback callers: found by a code
// site of the name, or by a string naming it, never resolved.
const (
	ResolvedGrep    = stage.ResolvedGrep
	ResolvedKeyword = stage.ResolvedKeyword
)

// Call is one caller (incoming) or callee (outgoing) with its call sites.
type Call = stage.Call

// Attempt records what one stage did.
type Attempt struct {
	Stage    string        `json:"stage"`
	Backend  string        `json:"backend,omitempty"` // graph stages: embedded, neo4j
	Outcome  string        `json:"outcome"`
	Reason   string        `json:"reason,omitempty"`
	Duration time.Duration `json:"-"`
	// DurationMs is Duration for JSON (encoders disagree on time.Duration).
	DurationMs float64 `json:"durationMs"`
	Count      int     `json:"count"`
	Partial    bool    `json:"partial,omitempty"`  // cut off mid-scan: what was found so far
	Observed   string  `json:"observed,omitempty"` // what the stage saw, in words
	Condition  string  `json:"condition"`          // the stage's success condition
	Error      string  `json:"error,omitempty"`    // for logs and reports; never a credential
}

// Result is the answer to one query.
type Result struct {
	Target    fact.Symbol `json:"target"`
	Found     bool        `json:"found"` // the target is in the index
	Root      string      `json:"root"`
	Direction string      `json:"direction"`
	Calls     []Call      `json:"calls"`
	Stage     string      `json:"stage"`             // the stage that answered; "report" when none found anything
	Backend   string      `json:"backend,omitempty"` // the graph backend that answered
	Partial   bool        `json:"partial,omitempty"`
	Attempts  []Attempt   `json:"attempts"`
	// Suggestions are the next steps for a degraded or empty answer.
	Suggestions []report.Suggestion `json:"suggestions,omitempty"`
	// Report is the structured not-found, when no stage found anything.
	Report *report.Report `json:"report,omitempty"`
	// AuthFailed: a backend rejected its credentials; a configuration problem.
	AuthFailed bool `json:"authFailed,omitempty"`
	// Missing lists sources that could not be consulted (a backend down,
	// the target's file excluded).
	Missing []string `json:"missingSources,omitempty"`
	// Mentions are strings naming the target that reach no dispatch (a
	// URL, a permission): part of the report, never calls.
	Mentions []Mention `json:"mentions,omitempty"`
	// Entry says how a framework reaches a target no code calls (a route,
	// a schedule, a hook, a command): then it is the answer, and the
	// fallback stages are skipped.
	Entry []EntryPoint `json:"entry,omitempty"`
	// Index is set when the answer came before the first index completed.
	Index *IndexProgress `json:"index,omitempty"`
}

// Degraded says the answer did not come from the code graph, or that some
// of the graph's callers are name matches only (NameMatches).
func (r Result) Degraded() bool { return r.Stage != StageGraph || r.NameMatches() > 0 }

// Reason is the reason code that best explains a degraded answer: the last
// graph backend's miss (why the precise answer is missing: with a shared
// Neo4j down, the local store's no_callers, not Neo4j's timeout), else the
// last miss.
func (r Result) Reason() string {
	for i := len(r.Attempts) - 1; i >= 0; i-- {
		if a := r.Attempts[i]; a.Stage == StageGraph && a.Outcome != OutcomeHit && a.Reason != "" {
			return a.Reason
		}
	}
	for i := len(r.Attempts) - 1; i >= 0; i-- {
		if r.Attempts[i].Reason != "" {
			return r.Attempts[i].Reason
		}
	}
	return ""
}

// Config holds the engine's budgets and thresholds; zero values take the
// defaults.
type Config struct {
	GraphTimeout     time.Duration
	GrepTimeout      time.Duration
	KeywordTimeout   time.Duration
	Budget           time.Duration // the whole cascade
	GrepLimit        int           // grep answers with 1..GrepLimit code sites
	KeywordThreshold float64       // relevance 0..1 a literal needs
	Breaker          BreakerConfig
}

// Defaults.
const (
	DefaultGraphTimeout   = 150 * time.Millisecond
	DefaultGrepTimeout    = 150 * time.Millisecond
	DefaultKeywordTimeout = 200 * time.Millisecond
	DefaultBudget         = 500 * time.Millisecond
	DefaultGrepLimit      = 50
)

// WithDefaults fills zero fields.
func (c Config) WithDefaults() Config {
	if c.GraphTimeout <= 0 {
		c.GraphTimeout = DefaultGraphTimeout
	}
	if c.GrepTimeout <= 0 {
		c.GrepTimeout = DefaultGrepTimeout
	}
	if c.KeywordTimeout <= 0 {
		c.KeywordTimeout = DefaultKeywordTimeout
	}
	if c.Budget <= 0 {
		// An unset budget never cuts short a stage timeout set longer than
		// it: a user who gives the graph 2 s means it.
		c.Budget = max(DefaultBudget, c.GraphTimeout, c.GrepTimeout, c.KeywordTimeout)
	}
	if c.GrepLimit <= 0 {
		c.GrepLimit = DefaultGrepLimit
	}
	if c.KeywordThreshold <= 0 {
		c.KeywordThreshold = keyword.DefaultThreshold
	}
	return c
}

// GraphBackend is one code graph store with its resolver.
type GraphBackend struct {
	Name     string // "embedded", "neo4j": the breaker's backend name
	Store    graph.Store
	Resolver graph.EdgeResolver
}

// GrepSearcher finds the code sites of a name in the live workspace: the
// grep stage's source.
type GrepSearcher = grep.CallerSearcher

// GrepResult is a grep stage scan: calls grouped by enclosing function,
// best-ranked first.
type GrepResult = grep.CallerResult

// Engine runs the stages for one workspace root.
type Engine struct {
	Root string
	// Graphs are tried in order (a shared Neo4j first, the embedded store
	// behind it); the first hit answers.
	Graphs []GraphBackend
	// Grep scans the live workspace; nil skips the stage.
	Grep GrepSearcher
	// Search is the store whose full-text index the keyword stage ranks
	// with; nil skips the stage.
	Search keyword.Store
	Config Config
	// Index is the indexer whose first pass a request may arrive during;
	// nil: the index is always complete.
	Index    IndexSource
	Breakers *Breakers
	Metrics  *Metrics
	Logger   *slog.Logger
	// Context adds what the report needs about the target (excluded,
	// oversized, framework roles); optional.
	Context func(ctx context.Context, target fact.Symbol) TargetContext

	cfgMu sync.RWMutex
}

// SetConfig replaces the budgets for the next queries (settings changed).
func (e *Engine) SetConfig(c Config) {
	e.cfgMu.Lock()
	defer e.cfgMu.Unlock()
	e.Config = c
}

// EffectiveConfig is the configuration in force, defaults filled in.
func (e *Engine) EffectiveConfig() Config { return e.config() }

func (e *Engine) config() Config {
	e.cfgMu.RLock()
	defer e.cfgMu.RUnlock()
	return e.Config.WithDefaults()
}

// TargetContext is what the workspace knows of a target beyond the graph.
type TargetContext struct {
	Excluded  bool
	Oversized bool
	Roles     []string
	Events    []string // event names the target subscribes to
	// ComputedKeys: keys built when the application runs, as written.
	ComputedKeys []string
	Entry        []EntryPoint // how a framework reaches it on its own
}

// Incoming answers who calls target. A target with an empty ID is one the
// index does not know (only its name): the graph misses with
// symbol_not_found and the later stages search by name.
func (e *Engine) Incoming(ctx context.Context, target fact.Symbol) (Result, error) {
	return e.run(ctx, target, Incoming)
}

// Outgoing answers what source calls. Only the graph knows a function's
// callees; the report explains an empty answer.
func (e *Engine) Outgoing(ctx context.Context, source fact.Symbol) (Result, error) {
	return e.run(ctx, source, Outgoing)
}

// Stage is one step of the cascade, implemented by an adapter in the
// stage's own package. The engine decides the rest: the order, the
// stage's timeout (by its name, from Config), and whether a breaker
// guards it (stages with a backend, one breaker per repository and
// backend).
type Stage interface {
	// Name is the stage's name (StageGraph, StageGrep, StageKeyword).
	Name() string
	// Backend names the backend a stage asks ("embedded", "neo4j"), ""
	// for a stage without one; a stage with a backend is behind its
	// breaker.
	Backend() string
	// Condition is the stage's success condition, in words.
	Condition() string
	// Run asks the stage. It honours ctx's deadline; it may leave
	// candidates and observations for the report on q.
	Run(ctx context.Context, q *stage.Query) stage.Outcome
}

// timeout is a stage's own timeout.
func (c Config) timeout(name string) time.Duration {
	switch name {
	case StageGraph:
		return c.GraphTimeout
	case StageGrep:
		return c.GrepTimeout
	case StageKeyword:
		return c.KeywordTimeout
	}
	return c.Budget
}

func (e *Engine) stages(dir string) []Stage {
	var out []Stage
	for _, g := range e.Graphs {
		st := graph.NewStage(g.Name, g.Store, g.Resolver)
		if g.Name == BackendEmbedded {
			st = st.VouchingForFiles() // its file records are read on this machine
		}
		out = append(out, st)
	}
	if dir == Incoming {
		if e.Grep != nil {
			out = append(out, grep.NewStage(e.Grep))
		}
		if e.Search != nil {
			out = append(out, keyword.NewStage(e.Search))
		}
	}
	return out
}

func (e *Engine) run(ctx context.Context, target fact.Symbol, dir string) (Result, error) {
	defer foreground.begin()() // background work steps aside meanwhile (foreground.go)
	cfg := e.config()
	res := Result{Target: target, Found: target.ID != "", Root: e.Root, Direction: dir, Calls: []Call{}}
	q := &stage.Query{Target: target, Found: res.Found, Direction: dir, GrepLimit: cfg.GrepLimit, KeywordThreshold: cfg.KeywordThreshold, GrepSites: -1}
	deadline := time.Now().Add(cfg.Budget)
	indexing := e.indexAhead(ctx, target, cfg.Budget)
	var known *TargetContext
	stages := e.stages(dir)
	for i, st := range stages {
		if err := ctx.Err(); err != nil {
			return res, err // the caller gave up: not any stage's fault
		}
		if st.Name() != StageGraph && e.skipForEntry(ctx, &res, q, stages[i:], &known) {
			break
		}
		att, out := e.attempt(ctx, st, q, cfg, time.Until(deadline))
		res.Attempts = append(res.Attempts, att)
		e.keepForFallbacks(&res, q, st, att, out)
		if out.Auth {
			res.AuthFailed = true
		}
		if st.Name() == StageGraph && (out.Fault || out.Auth || att.Reason == ReasonCircuitOpen) {
			res.Missing = append(res.Missing, StageGraph+":"+st.Backend())
		}
		if out.Hit {
			res.Calls, res.Stage, res.Partial = out.Calls, st.Name(), out.Partial
			if st.Name() == StageGraph {
				res.Backend = st.Backend()
			}
			break
		}
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	e.markIndexing(&res, indexing)
	tc := TargetContext{}
	if known != nil {
		tc = *known
	} else if e.Context != nil && res.Found {
		tc = e.Context(ctx, target)
	}
	if tc.Excluded || tc.Oversized {
		res.Missing = append(res.Missing, "file:"+target.Path)
	}
	if res.Stage == "" {
		start := time.Now()
		rep := report.Build(e.reportInput(res, q, tc))
		res.Report, res.Stage = &rep, StageReport
		res.Suggestions = rep.Suggestions
		took := time.Since(start)
		res.Attempts = append(res.Attempts, Attempt{Stage: StageReport, Outcome: OutcomeHit, Duration: took, DurationMs: float64(took.Microseconds()) / 1000,
			Condition: "always", Observed: fmt.Sprintf("%d likely causes, %d suggestions", len(rep.Causes), len(rep.Suggestions))})
	} else if res.Degraded() {
		res.Suggestions = report.Build(e.reportInput(res, q, tc)).Suggestions
	}
	res.Suggestions = append(res.Suggestions, implicitSuggestions(res)...)
	res.Suggestions = append(res.Suggestions, mentionSuggestions(res)...)
	e.Metrics.Observe(e.Root, res)
	if e.Logger != nil {
		for _, a := range res.Attempts {
			e.Logger.Debug("stage", "root", e.Root, "direction", dir, "target", targetName(target), "stage", a.Stage, "backend", a.Backend,
				"outcome", a.Outcome, "reason", a.Reason, "count", a.Count, "duration", a.Duration, "partial", a.Partial, "error", a.Error)
		}
	}
	return res, nil
}

// attempt runs one stage under its timeout (bounded by what is left of the
// budget) and its breaker. The stage runs in its own goroutine so that a
// backend ignoring its context still cannot hold the request past the
// budget; the goroutine finishes on its own when the backend returns.
func (e *Engine) attempt(ctx context.Context, st Stage, q *stage.Query, cfg Config, left time.Duration) (att Attempt, out stage.Outcome) {
	att = Attempt{Stage: st.Name(), Backend: st.Backend(), Condition: st.Condition()}
	start := time.Now()
	defer func() {
		att.Duration = time.Since(start)
		att.DurationMs = float64(att.Duration.Microseconds()) / 1000
	}()
	timeout := min(cfg.timeout(st.Name()), left)
	if timeout <= 0 {
		att.Outcome, att.Reason, att.Observed = OutcomeSkipped, ReasonTimeout, "the request's budget was spent before this stage"
		return att, stage.Outcome{Reason: ReasonTimeout}
	}
	gate := e.breaker(st)
	if gate != nil {
		if err := gate.allow(); err != nil {
			att.Outcome, att.Reason = OutcomeSkipped, ReasonCircuitOpen
			att.Observed = "the breaker for this backend is open after repeated faults; skipped"
			att.Duration = time.Since(start)
			return att, stage.Outcome{Reason: ReasonCircuitOpen}
		}
	}
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	done := make(chan stage.Outcome, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- stage.Outcome{Reason: ReasonBackendError, Err: fmt.Errorf("stage %s panicked: %v", st.Name(), p), Fault: true}
			}
		}()
		done <- st.Run(sctx, q)
	}()
	select {
	case out = <-done:
	case <-sctx.Done():
		out = stage.Outcome{Err: sctx.Err()}
		// A stage that honours its deadline returns what it found so far
		// at once: wait a moment for that partial answer instead of
		// dropping it.
		select {
		case out = <-done:
		case <-time.After(partialGrace):
		}
	}
	if out.Err != nil && !out.Hit {
		switch {
		case ctx.Err() != nil:
			out.Reason, out.Fault = ReasonCancelled, false
		case errors.Is(out.Err, context.DeadlineExceeded) || sctx.Err() != nil:
			out.Reason = ReasonTimeout
			out.Fault = gate != nil // a slow backend is a fault; a slow scan is not
			if out.Observed == "" {
				out.Observed = fmt.Sprintf("no answer within %s", timeout)
			}
		case out.Reason == "":
			out.Reason = ReasonBackendError
		}
	}
	if gate != nil {
		// The embedded store runs in this process: past its budget it is
		// busy (a loaded machine, a name with many sites), not down, and an
		// open breaker would only hand every answer for the next 30 s to the
		// fallbacks. Its timeout counts neither way; its errors still do.
		busy := out.Reason == ReasonTimeout && st.Backend() == BackendEmbedded
		gate.done(out, ctx.Err() != nil || busy)
	}
	att.Count, att.Partial, att.Observed, att.Reason = out.Count, out.Partial, out.Observed, out.Reason
	if out.Hit {
		att.Outcome, att.Reason = OutcomeHit, ""
	} else {
		att.Outcome = OutcomeMiss
	}
	if out.Err != nil {
		att.Error = out.Err.Error()
	}
	return att, out
}

// partialGrace is how long a stage past its deadline may take to hand over
// what it found so far; a stage deaf to its context is dropped after it.
const partialGrace = 25 * time.Millisecond

func targetName(s fact.Symbol) string {
	if s.ID != "" {
		return s.ID
	}
	return s.Name
}

// ErrNoSymbol is returned when nothing callable is at a position or name.
var ErrNoSymbol = errors.New("cascade: no symbol here")

func wrap(op string, err error) error { return fmt.Errorf("cascade: %s: %w", op, err) }
