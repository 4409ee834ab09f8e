package embedded

import (
	"context"
	"fmt"

	"github.com/callcascade/callcascade/cascade/graph"
)

// Counts is what the store holds, for `callcascade status`.
type Counts struct {
	Files    int   `json:"files"`
	Symbols  int   `json:"symbols"`
	Calls    int   `json:"calls"`
	Literals int   `json:"literals"`
	Bytes    int64 `json:"storeBytes"` // the database file on disk
}

// Counts reads the per-file tallies the files table keeps, so that a large
// store is counted without scanning its symbols and calls.
func (s *Store) Counts(ctx context.Context) (Counts, error) {
	var c Counts
	err := s.readDB.QueryRowContext(ctx,
		`SELECT count(*), coalesce(sum(n_symbols), 0), coalesce(sum(n_calls), 0), coalesce(sum(n_literals), 0) FROM files`).
		Scan(&c.Files, &c.Symbols, &c.Calls, &c.Literals)
	if err != nil {
		return Counts{}, s.noteErr(err)
	}
	var pages, pageSize int64
	if err := s.readDB.QueryRowContext(ctx, `SELECT page_count, page_size FROM pragma_page_count(), pragma_page_size()`).Scan(&pages, &pageSize); err == nil {
		c.Bytes = pages * pageSize
	}
	return c, nil
}

var _ graph.CallCounter = (*Store)(nil)

// CalleeCounts counts call sites by callee name, from the name index.
func (s *Store) CalleeCounts(ctx context.Context, min int) (map[string]int, error) {
	out := map[string]int{}
	_, err := s.lookup(ctx, -1, func(x *nameIndex) []int64 {
		for name, files := range x.callees {
			n := 0
			for _, fc := range files {
				n += fc.count
			}
			if n >= min {
				out[name] = n
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("embedded: callee counts: %w", s.noteErr(err))
	}
	return out, nil
}
