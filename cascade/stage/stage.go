// Package stage is the contract between the cascade engine and its stages:
// what a stage is asked (Query), what it returns (Outcome), the calls it
// answers with, the candidates it leaves for the report, and the names and
// reason codes every attempt is recorded with. A stage adapter lives in its
// stage's package and imports this one; the engine declares the Stage
// interface the adapters implement.
package stage

import (
	"github.com/callcascade/callcascade/cascade/fact"
)

// Stage names.
const (
	Graph   = "graph"
	Grep    = "grep"
	Keyword = "keyword"
	Report  = "report"
)

// Reason codes recorded on attempts that did not answer.
const (
	ReasonSymbolNotFound = "symbol_not_found"
	ReasonNoCallers      = "no_callers"
	ReasonTimeout        = "timeout"
	ReasonCircuitOpen    = "circuit_open"
	ReasonBackendError   = "backend_error"
	ReasonIndexMissing   = "index_missing"
	ReasonNoMatches      = "no_matches"
	ReasonTooManyMatches = "too_many_matches"
	// ReasonAmbiguousName: every site grep found has a receiver the code
	// graph could not type, of a name many workspace functions share.
	ReasonAmbiguousName     = "ambiguous_name"
	ReasonNoRelevantMatches = "no_relevant_matches"
	ReasonCancelled         = "cancelled"
	// ReasonIndexIncomplete: the graph found no caller while the first
	// index was still running; never "no_callers".
	ReasonIndexIncomplete = "index_incomplete"
)

// Directions.
const (
	Incoming = "incoming"
	Outgoing = "outgoing"
)

// ResolvedGrep and ResolvedKeyword mark fallback callers: found by a code
// site of the name, or by a string naming it, never resolved.
const (
	ResolvedGrep    fact.Resolution = "grep"
	ResolvedKeyword fact.Resolution = "keyword"
)

// Call is one caller (incoming) or callee (outgoing) with its call sites.
type Call struct {
	fact.Edge
	Stage  string `json:"stage"`
	Detail string `json:"detail"` // provenance for people: "precise (ast)", "grep fallback", "keyword match 0.62"
}

// Candidate is a place worth opening: a grep match not counted as an
// answer, or a keyword hit under the threshold.
type Candidate struct {
	Name string `json:"name"` // the enclosing symbol, or the file when at top level
	Path string `json:"path"` // workspace-relative
	Line int    `json:"line"` // 1-based
	Col  int    `json:"col"`  // 1-based, in characters
	Why  string `json:"why"`  // "grep: call", "keyword 0.41"
}

// Query is what every stage is asked. A stage may add to Candidates and
// set Stale and GrepSites: the report reads them when no stage answers.
type Query struct {
	Target    fact.Symbol
	Found     bool   // the target is in the index
	Direction string // Incoming or Outgoing
	// GrepLimit: grep answers with 1..GrepLimit code sites.
	GrepLimit int
	// KeywordThreshold is the relevance 0..1 a literal needs.
	KeywordThreshold float64
	// Candidates collects places worth opening from stages that missed.
	Candidates []Candidate
	Stale      bool
	GrepSites  int // code sites the grep stage saw; -1 until it ran to the end
	// AmbiguousSites are those of GrepSites it left out as no evidence for
	// the target among many namesakes (grep.AmbiguousNamesakes).
	AmbiguousSites int
	// Settled, set by the engine from a graph answer of no_callers, is
	// what that answer settled: the call sites of the name the graph
	// resolved to other symbols, which a fallback lists none of, and the
	// files it vouches for (see resolved.go).
	Settled Settled
}

// Outcome is what one stage returns.
type Outcome struct {
	Calls    []Call
	Hit      bool
	Reason   string
	Observed string
	Count    int
	Partial  bool
	Err      error
	Fault    bool // a backend fault: counts against the breaker
	Auth     bool // credentials rejected
	Unasked  bool // the backend was never asked: tells its breaker nothing
	// Settled: a graph stage's no_callers, with the sites of the name it
	// resolved to other symbols (Elsewhere nil when its resolver cannot
	// say) and the files it vouches for.
	Settled Settled
	// Mentions are strings naming the target that reach no dispatch: the
	// report's, never call items.
	Mentions []Mention
}

// CandidateOf is a call worth opening, at its first site.
func CandidateOf(c Call, why string) Candidate {
	site := c.Symbol.Selection
	if len(c.Sites) > 0 {
		site = c.Sites[0]
	}
	return Candidate{Name: QualifiedName(c.Symbol), Path: c.Symbol.Path, Line: int(site.Start.Line) + 1, Col: int(site.Start.Character) + 1, Why: why}
}

// QualifiedName is Container.name, or name.
func QualifiedName(s fact.Symbol) string {
	if s.Container != "" {
		return s.Container + "." + s.Name
	}
	return s.Name
}

// ContainerPrefix starts a caller's detail the way the graph stage's does,
// so an editor's tree shows the class whatever the stage.
func ContainerPrefix(s fact.Symbol) string {
	if s.Container == "" {
		return ""
	}
	return s.Container + " · "
}
