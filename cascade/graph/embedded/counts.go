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

const calleeCountsSQL = `SELECT callee, COUNT(*) FROM calls GROUP BY callee HAVING COUNT(*) >= ?`

// CalleeCounts counts call sites by callee name, in one read over the
// calls_callee index.
func (s *Store) CalleeCounts(ctx context.Context, min int) (map[string]int, error) {
	rows, err := s.readDB.QueryContext(ctx, calleeCountsSQL, min)
	if err != nil {
		return nil, fmt.Errorf("embedded: callee counts: %w", s.noteErr(err))
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var name string
		var n int
		if err := rows.Scan(&name, &n); err != nil {
			return nil, fmt.Errorf("embedded: callee counts: %w", s.noteErr(err))
		}
		out[name] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("embedded: callee counts: %w", s.noteErr(err))
	}
	return out, nil
}
