package resolve

import (
	"context"

	"github.com/callcascade/callcascade/cascade/fact"
)

// cutOff ends a request: the edges found, or, when ctx ended before the
// request did, the edges found so far with ctx's error. A read cut short
// by the deadline may have been taken for "nothing there" on the way, so
// an ended context always wins over an empty answer: a timeout is never
// "no callers" (issue 14).
func cutOff(ctx context.Context, found edgeSet, err error) ([]fact.Edge, error) {
	if cerr := ctx.Err(); cerr != nil {
		return sortedEdges(found), cerr
	}
	if err != nil {
		return nil, err
	}
	return sortedEdges(found), nil
}
