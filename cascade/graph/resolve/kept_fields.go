package resolve

import (
	"context"
	"slices"

	"github.com/callcascade/callcascade/cascade/fact"
)

// The callers of a function stored in a field (NewWorker(job), then
// w.run()) are found from the sites where its name is passed as a value:
// for each, the body of the function the site is in is read to find the
// call it is passed to, and the body of that call's target to find the
// field it stores the parameter in (fieldsStoringArg). A common name has
// hundreds of such sites, mostly in large registration functions, and every
// definition of the name asked again: on a 1,160-file Go repository (issue
// 14, gitlab-mcp-server) this was 93 % of the graph stage's time on its
// most common names, past its 150 ms on `Get` (87 definitions) even after
// the warm-up. What a site stores into depends only on the store's
// generation, so it is kept there, beside the sites' resolutions, and the
// warm-up finds it for the reference sites of the names it resolves.

// storedFieldsKept adds to fields the fields the function that reference
// site r is passed to stores it in (fieldsStoringArg), through the
// generation's kept answers: a site worked out once in this generation is
// not read again, and one worked out now is kept, unless the request's
// context ended on the way.
func (q *query) storedFieldsKept(ctx context.Context, r fact.Call, fields map[string]bool) error {
	if q.gen == nil || r.Span.EndByte == 0 || r.CallerID == "" {
		return q.fieldsStoringArg(ctx, r, fields)
	}
	kept, k := q.gen.sites(), keyOf(r)
	kept.mu.RLock()
	found, ok := kept.fields[k]
	kept.mu.RUnlock()
	if !ok {
		mine := map[string]bool{}
		if err := q.fieldsStoringArg(ctx, r, mine); err != nil || ctx.Err() != nil {
			for f := range mine {
				fields[f] = true
			}
			return err
		}
		found = sortedKeys(mine)
		if len(found) == 0 {
			found = nil
		}
		kept.mu.Lock()
		if kept.fields == nil {
			kept.fields = map[callKey][]string{}
		}
		kept.fields[k] = found
		kept.mu.Unlock()
	}
	for _, f := range found {
		fields[f] = true
	}
	return nil
}

// warmStoredFields works out, ahead of the requests, what the reference
// sites among calls store into (storedFieldsKept): the part of a common
// name's callers that reads function bodies.
func (q *query) warmStoredFields(ctx context.Context, calls []fact.Call) error {
	for _, c := range calls {
		if !c.Ref || c.Field != "" || c.CallerID == "" {
			continue // fieldCallers needs no body for these
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := q.storedFieldsKept(ctx, c, map[string]bool{}); err != nil {
			return err
		}
	}
	return nil
}

// callsFrom is the store's CallsFrom, asked once per query: the reference
// sites of a name are often many in one function (a table of handlers
// registered one by one), and each asks for that function's calls.
func (q *query) callsFrom(ctx context.Context, symbolID string) ([]fact.Call, error) {
	if calls, ok := q.callsFromID[symbolID]; ok {
		return calls, nil
	}
	calls, err := q.store.CallsFrom(ctx, symbolID)
	if err != nil || ctx.Err() != nil {
		return calls, err
	}
	if q.callsFromID == nil {
		q.callsFromID = map[string][]fact.Call{}
	}
	q.callsFromID[symbolID] = slices.Clip(calls)
	return calls, nil
}
