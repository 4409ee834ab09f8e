package embedded

import (
	"context"
	"fmt"

	"github.com/callcascade/callcascade/cascade/graph"
)

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
