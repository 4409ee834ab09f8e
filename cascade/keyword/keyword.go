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

// DefaultThreshold is the share of a literal's words that must be the
// name's (fact.NameShare), the literal holding every word of the name.
// Strictly: 'archive report' names archiveReport (1.0), and so does
// 'archive-report-status' (0.67), but not 'report archive status id'
// (exactly 0.5): a name half of a longer string is not what it names.
const DefaultThreshold = 0.5

// DefaultLimit bounds how many literals one search reads.
const DefaultLimit = 50

// Store is what the keyword stage needs of a code graph store: its
// full-text search of literals, and the symbols hits are in.
type Store interface {
	// SearchLiterals finds the literals that hold every word of name and
	// more than minShare of whose words are its (fact.NameShare), best
	// first.
	SearchLiterals(ctx context.Context, name string, minShare float64, limit int) ([]fact.SearchHit, error)
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

// Hit is a literal naming the target, with its relevance.
type Hit struct {
	fact.SearchHit
	// Relevance is how much of the literal is the name (fact.NameShare):
	// 1 for a literal spelling the name in any case or separator
	// ('update-customer-groups' for updateCustomerGroups), 2/3 for the
	// name and one word more. Hits come most of the name first.
	Relevance float64 `json:"relevance"`
}

// Result is what the search found.
type Result struct {
	Words []string `json:"words"`
	// Literals are the literals above the threshold, best first: the
	// stage's answer (their enclosing functions are likely callers).
	Literals []Hit `json:"literals"`
}

// Search finds the store's literals naming q.Name.
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
	hits, err := store.SearchLiterals(ctx, q.Name, threshold, limit)
	if err != nil {
		return res, fmt.Errorf("keyword: %w", err)
	}
	for _, h := range hits {
		if h.SymbolID == q.TargetID && q.TargetID != "" {
			continue // a string inside the target
		}
		// Each store checks the share its own way (the embedded one by
		// the literal's shape token); the answer's relevance is this one.
		if share := fact.NameShare(h.Text, res.Words); h.Kind == "literal" && share > threshold {
			res.Literals = append(res.Literals, Hit{SearchHit: h, Relevance: share})
		}
	}
	return res, nil
}
