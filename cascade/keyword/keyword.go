// Package keyword is the cascade's third stage: it splits the target's name
// into words and ranks indexed symbols and string literals against them with
// the store's full-text engine (SQLite FTS5's bm25 in the embedded store). A
// method dispatched by name — handlers[name](), getattr(obj, name)() — has
// no call site anywhere, but its name is written in a string: the literal's
// enclosing function is where the dispatch starts.
package keyword

import (
	"context"
	"fmt"

	"github.com/callcascade/callcascade/cascade/fact"
)

// DefaultThreshold is the relevance (0..1) a literal must exceed to count.
// Strictly: a literal holding one word of a two-word name has a share of
// exactly 0.5, and must not pass for the name.
const DefaultThreshold = 0.5

// DefaultLimit bounds how many hits are ranked.
const DefaultLimit = 50

// Store is what the keyword stage needs of a code graph store: its
// full-text ranking, and the symbols hits are in.
type Store interface {
	// Search ranks symbols and literals against the words of query with BM25.
	Search(ctx context.Context, query string, limit int) ([]fact.SearchHit, error)
	Symbol(ctx context.Context, id string) (fact.Symbol, error)
	// CallsByCallee lists the call sites of a name: the dispatching calls
	// (getattr, ...) a literal may be the argument of.
	CallsByCallee(ctx context.Context, name string) ([]fact.Call, error)
}

// Query is one keyword search.
type Query struct {
	Name      string  // the target's name
	TargetID  string  // hits inside the target itself are not callers
	Threshold float64 // a literal must score above it; 0 means DefaultThreshold
	Limit     int     // 0 means DefaultLimit
}

// Hit is a ranked hit with its relevance.
type Hit struct {
	fact.SearchHit
	// Relevance is bm25 relative to the target's own name: the score of the
	// hit divided by the score the target's symbol row gets for the same
	// query, capped at 1. A literal holding exactly the name scores about 1;
	// one sharing a word of three, far less. Ranking stays the engine's.
	Relevance float64 `json:"relevance"`
}

// Result is what the search found.
type Result struct {
	Words []string `json:"words"`
	// Literals are literal hits above the threshold, best first: the
	// stage's answer (their enclosing functions are likely callers).
	Literals []Hit `json:"literals"`
	// Related are other hits worth a look: symbols with similar names and
	// literals under the threshold. They are not callers.
	Related []Hit `json:"related"`
}

// Search ranks the store's symbols and literals against q.Name.
func Search(ctx context.Context, store Store, q Query) (Result, error) {
	threshold := q.Threshold
	if threshold <= 0 {
		threshold = DefaultThreshold
	}
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	res := Result{Words: fact.SplitWords(q.Name)}
	if len(res.Words) == 0 {
		return res, nil
	}
	hits, err := store.Search(ctx, q.Name, limit)
	if err != nil {
		return res, fmt.Errorf("keyword: %w", err)
	}
	ref := reference(hits, q)
	for _, h := range hits {
		if h.SymbolID == q.TargetID && q.TargetID != "" {
			continue // the target's own name, or a string inside the target
		}
		hit := Hit{SearchHit: h, Relevance: relevance(h, ref, res.Words)}
		if h.Kind == "literal" && hit.Relevance > threshold {
			res.Literals = append(res.Literals, hit)
		} else {
			res.Related = append(res.Related, hit)
		}
	}
	return res, nil
}

// reference is the score an exact mention of the name gets: the target's
// own symbol row when it was ranked, else any hit whose text is the name.
// 0 when neither is among the hits.
func reference(hits []fact.SearchHit, q Query) float64 {
	best := 0.0
	for _, h := range hits {
		if (h.Kind == "symbol" && h.SymbolID == q.TargetID && q.TargetID != "") || h.Text == q.Name {
			best = max(best, h.Score)
		}
	}
	return best
}

// relevance normalises a bm25 score to 0..1 against the reference score,
// bounded by the share of the name's words the hit holds: bm25 favours short
// documents, so a one-word literal sharing one word of four must not pass
// for the name. Without a reference the share alone decides.
func relevance(h fact.SearchHit, ref float64, words []string) float64 {
	share := coverage(h.Text, words)
	if ref > 0 && h.Score > 0 {
		return min(1, h.Score/ref, share)
	}
	return share
}

// coverage is the share of words the hit and the name have in common,
// over the larger of the two word sets: 'update-customer-groups' is
// updateCustomerGroups (1.0), but 'ThumbUp' is not up (0.5), nor is a
// one-word literal a three-word name (0.33).
func coverage(text string, words []string) float64 {
	have := map[string]bool{}
	for _, w := range fact.SplitWords(text) {
		have[w] = true
	}
	want := map[string]bool{}
	for _, w := range words {
		want[w] = true
	}
	n := 0
	for w := range want {
		if have[w] {
			n++
		}
	}
	return float64(n) / float64(max(len(want), len(have)))
}
