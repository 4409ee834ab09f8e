package neo4j

import (
	"context"
	"fmt"
	"slices"
)

// edgeBatchRows bounds the rows one transaction of the edge pass writes,
// so that no transaction outgrows the write timeout on a large repository.
const edgeBatchRows = 2000

// EdgesDigest is the digest of the files the stored edges were computed
// from; "" when no edge pass has completed for the repository.
func (s *Store) EdgesDigest(ctx context.Context) (string, error) {
	recs, err := s.query(ctx, "edges digest", cypherEdgesDigest, map[string]any{})
	if err != nil {
		return "", err
	}
	if len(recs) == 0 {
		return "", nil
	}
	v, _ := recs[0].Get("digest")
	d, _ := v.(string)
	return d, nil
}

// WriteEdges replaces the repository's CALLS, SUBSCRIBES and PUBLISHES
// edges with e's, in transactions of a batch of owners each (every owner's
// edges are replaced at once), then drops events nothing refers to and
// records e.Digest. Nothing is written when the stored digest is e's
// already (an Edges without a digest is always written); written says
// whether anything was. A failed pass leaves the old digest, so the next
// one writes everything again. Each transaction is bounded like every
// write of the store.
func (s *Store) WriteEdges(ctx context.Context, e *Edges) (written bool, err error) {
	if e.Digest != "" {
		current, err := s.EdgesDigest(ctx)
		if err != nil {
			return false, err
		}
		if current == e.Digest {
			return false, nil
		}
	}
	if err := s.EnsureSchema(ctx); err != nil {
		return false, err
	}
	batches := edgeBatches(e)
	for i, b := range batches {
		op := fmt.Sprintf("write edges (batch %d of %d)", i+1, len(batches))
		if err := s.writeTx(ctx, op, b.run); err != nil {
			return i > 0, err
		}
	}
	err = s.writeTx(ctx, "record the edges' digest", func(run runFunc) error {
		if _, err := run(cypherDropOrphanEvents, map[string]any{}); err != nil {
			return err
		}
		_, err := run(cypherSetEdgesDigest, map[string]any{"digest": e.Digest})
		return err
	})
	return true, err
}

// ForgetEdges drops what the edge pass keeps beside the files: the
// digest and the events nothing refers to (deleting the files drops their
// edges). For a repository removed from the graph.
func (s *Store) ForgetEdges(ctx context.Context) error {
	return s.writeTx(ctx, "forget edges", func(run runFunc) error {
		if _, err := run(cypherDropOrphanEvents, map[string]any{}); err != nil {
			return err
		}
		_, err := run(cypherForgetEdges, map[string]any{})
		return err
	})
}

// edgeBatch is one transaction of the edge pass: the owners whose edges it
// replaces and the rows they own, as parameters.
type edgeBatch struct {
	ids, paths                           []string
	symbolCalls, fileCalls               []map[string]any
	subscriptions                        []map[string]any
	symbolPublications, filePublications []map[string]any
}

func (b *edgeBatch) rows() int {
	return len(b.ids) + len(b.paths) + len(b.symbolCalls) + len(b.fileCalls) + len(b.subscriptions) +
		len(b.symbolPublications) + len(b.filePublications)
}

func (b *edgeBatch) run(run runFunc) error {
	steps := []struct {
		query string
		key   string
		list  any
		n     int
	}{
		{cypherDeleteSymbolCalls, "ids", b.ids, len(b.ids)},
		{cypherDeleteSymbolEvents, "ids", b.ids, len(b.ids)},
		{cypherDeleteFileEvents, "paths", b.paths, len(b.paths)},
		{cypherCreateSymbolCallEdges, "rows", b.symbolCalls, len(b.symbolCalls)},
		{cypherCreateFileCallEdges, "rows", b.fileCalls, len(b.fileCalls)},
		{cypherCreateSubscriptions, "rows", b.subscriptions, len(b.subscriptions)},
		{cypherCreateSymbolPublications, "rows", b.symbolPublications, len(b.symbolPublications)},
		{cypherCreateFilePublications, "rows", b.filePublications, len(b.filePublications)},
	}
	for _, st := range steps {
		if st.n == 0 {
			continue
		}
		if _, err := run(st.query, map[string]any{st.key: st.list}); err != nil {
			return err
		}
	}
	return nil
}

// edgeBatches groups e's rows by owner into batches of about
// edgeBatchRows rows; an owner's rows are never split.
func edgeBatches(e *Edges) []*edgeBatch {
	calls := map[string][]CallRow{}
	for _, c := range e.Calls {
		calls[c.TargetID] = append(calls[c.TargetID], c)
	}
	subs := map[string][]SubscriptionRow{}
	for _, s := range e.Subscriptions {
		subs[s.SymbolID] = append(subs[s.SymbolID], s)
	}
	pubsBySymbol, pubsByFile := map[string][]PublicationRow{}, map[string][]PublicationRow{}
	for _, p := range e.Publications {
		if p.PublisherID == "" {
			pubsByFile[p.Path] = append(pubsByFile[p.Path], p)
		} else {
			pubsBySymbol[p.PublisherID] = append(pubsBySymbol[p.PublisherID], p)
		}
	}
	var out []*edgeBatch
	cur := &edgeBatch{}
	flush := func() {
		if cur.rows() >= edgeBatchRows {
			out = append(out, cur)
			cur = &edgeBatch{}
		}
	}
	for _, id := range e.Owners {
		cur.ids = append(cur.ids, id)
		for _, c := range calls[id] {
			row := map[string]any{"target": c.TargetID, "props": map[string]any{
				"resolution": string(c.Resolution), "via": c.Via, "event": c.Event,
				"sites": int64(len(c.Lines)), "lines": c.Lines, "ref": c.Ref, "refWritten": c.RefWritten,
			}}
			if c.CallerID == "" {
				row["callerPath"] = c.CallerPath
				cur.fileCalls = append(cur.fileCalls, row)
			} else {
				row["caller"] = c.CallerID
				cur.symbolCalls = append(cur.symbolCalls, row)
			}
		}
		for _, s := range subs[id] {
			cur.subscriptions = append(cur.subscriptions, map[string]any{
				"symbol": s.SymbolID, "event": EventName(s.Bus, s.Key), "bus": s.Bus, "key": s.Key, "sender": s.Sender})
		}
		for _, p := range pubsBySymbol[id] {
			cur.symbolPublications = append(cur.symbolPublications, publicationParams(p))
		}
		flush()
	}
	for _, path := range e.Files {
		cur.paths = append(cur.paths, path)
		for _, p := range pubsByFile[path] {
			cur.filePublications = append(cur.filePublications, publicationParams(p))
		}
		flush()
	}
	if cur.rows() > 0 {
		out = append(out, cur)
	}
	return out
}

func publicationParams(p PublicationRow) map[string]any {
	row := map[string]any{"event": EventName(p.Bus, p.Key), "bus": p.Bus, "key": p.Key,
		"path": p.Path, "line": p.Line, "sender": p.Sender}
	if p.PublisherID != "" {
		row["publisher"] = p.PublisherID
	}
	return row
}

// Trigger is one publication of an event a handler subscribes to.
type Trigger struct {
	Bus, Event string
	Publisher  string // a symbol id, or "path#" for a file's top level
	Path       string
	Line       int64
}

// Triggers asks the graph who triggers handler: the publishers of the
// events it subscribes to (the query docs/NEO4J-FRAMEWORK.md shows).
func (s *Store) Triggers(ctx context.Context, handlerID string) ([]Trigger, error) {
	recs, err := s.query(ctx, "triggers of "+handlerID, cypherTriggers, map[string]any{"id": handlerID})
	if err != nil {
		return nil, err
	}
	out := make([]Trigger, 0, len(recs))
	for _, rec := range recs {
		var t Trigger
		m := rec.AsMap()
		t.Bus, _ = m["bus"].(string)
		t.Event, _ = m["event"].(string)
		t.Publisher, _ = m["publisher"].(string)
		t.Path, _ = m["path"].(string)
		t.Line, _ = m["line"].(int64)
		out = append(out, t)
	}
	return out, nil
}

// StoredCaller is one CALLS edge into a symbol as the graph holds it.
type StoredCaller struct {
	Caller     string // a symbol id, or "path#" for a file's top level
	Resolution string
	Via, Event string
	Lines      []int64
}

// Callers asks the graph who calls a symbol and how each caller was
// resolved (the second query docs/NEO4J-FRAMEWORK.md shows).
func (s *Store) Callers(ctx context.Context, id string) ([]StoredCaller, error) {
	recs, err := s.query(ctx, "callers of "+id, cypherCallers, map[string]any{"id": id})
	if err != nil {
		return nil, err
	}
	out := make([]StoredCaller, 0, len(recs))
	for _, rec := range recs {
		var c StoredCaller
		m := rec.AsMap()
		c.Caller, _ = m["caller"].(string)
		c.Resolution, _ = m["resolution"].(string)
		c.Via, _ = m["via"].(string)
		c.Event, _ = m["event"].(string)
		if lines, ok := m["lines"].([]any); ok {
			for _, l := range lines {
				if n, ok := l.(int64); ok {
					c.Lines = append(c.Lines, n)
				}
			}
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b StoredCaller) int {
		if a.Caller < b.Caller {
			return -1
		}
		if a.Caller > b.Caller {
			return 1
		}
		return 0
	})
	return out, nil
}
