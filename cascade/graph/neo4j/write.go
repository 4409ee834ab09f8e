package neo4j

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// EnsureSchema creates the constraints and indexes if they do not exist
// (every statement is IF NOT EXISTS, so concurrent indexers agree). Writes
// call it once per store; schema changes cannot share a transaction with
// data, so each runs on its own.
func (s *Store) EnsureSchema(ctx context.Context) error {
	s.schemaMu.Lock()
	defer s.schemaMu.Unlock()
	if s.schemaReady {
		return nil
	}
	ctx, cancel := s.bound(ctx, s.cfg.writeTxTimeout())
	defer cancel()
	for _, stmt := range schemaStatements {
		_, err := neo4j.ExecuteQuery(ctx, s.shared.driver, stmt, nil, neo4j.EagerResultTransformer,
			neo4j.ExecuteQueryWithWritersRouting(),
			neo4j.ExecuteQueryWithDatabase(s.cfg.Database))
		if err != nil {
			return s.classify(ctx, "create schema", err)
		}
	}
	s.schemaReady = true
	return nil
}

// ReplaceFiles replaces everything stored for each file of the batch in one
// transaction.
func (s *Store) ReplaceFiles(ctx context.Context, batch []fact.FileFacts) error {
	if len(batch) == 0 {
		return nil
	}
	w, err := s.prepareBatch(batch)
	if err != nil {
		return err
	}
	return s.write(ctx, fmt.Sprintf("write %d files", len(batch)), w)
}

// DeleteFile forgets a file; an unknown file is not an error.
func (s *Store) DeleteFile(ctx context.Context, path string) error {
	return s.write(ctx, "delete "+path, &batchWrite{paths: []string{path}})
}

// batchWrite is one transaction's parameters.
type batchWrite struct {
	paths    []string // files replaced or deleted
	files    []map[string]any
	symbols  []map[string]any
	calls    []map[string]any
	literals []map[string]any
	names    []string // symbol names and callees the batch adds
}

func (s *Store) prepareBatch(batch []fact.FileFacts) (*batchWrite, error) {
	w := &batchWrite{}
	seen := map[string]bool{}
	names := map[string]bool{}
	repo := s.cfg.RepoID
	for _, ff := range batch {
		f := ff.File
		if f.Path == "" {
			return nil, errEmptyPath
		}
		if seen[f.Path] {
			continue // the same file twice in a batch: the first wins, as one transaction can hold one
		}
		seen[f.Path] = true
		w.paths = append(w.paths, f.Path)
		full, err := json.Marshal(f)
		if err != nil {
			return nil, fmt.Errorf("neo4j: encode file %s: %w", f.Path, err)
		}
		entryFile := f
		entryFile.Imports, entryFile.Fields, entryFile.Locals = nil, nil, nil
		entry, err := json.Marshal(entryFile)
		if err != nil {
			return nil, fmt.Errorf("neo4j: encode file %s: %w", f.Path, err)
		}
		var modules []string
		for _, imp := range f.Imports {
			if imp.Module != "" && !slices.Contains(modules, imp.Module) {
				modules = append(modules, imp.Module)
			}
		}
		w.files = append(w.files, map[string]any{
			"props": map[string]any{
				"repo_id": repo, "path": f.Path, "hash": f.Hash, "size": f.Size, "mod_time": f.ModTime,
				"language": string(f.Language), "package": f.Package, "entry": string(entry), "json": string(full),
			},
			"modules": modules,
		})
		for i, sym := range ff.Symbols {
			js, err := json.Marshal(sym)
			if err != nil {
				return nil, fmt.Errorf("neo4j: encode symbol %s: %w", sym.ID, err)
			}
			w.symbols = append(w.symbols, map[string]any{
				"repo_id": repo, "id": sym.ID, "path": f.Path, "name": sym.Name, "kind": string(sym.Kind),
				"container": sym.Container, "language": string(sym.Language), "seq": i,
				"start_line": int64(sym.Span.Start.Line) + 1, "json": string(js),
				"name_words": identifierWords(sym.Name), "container_words": identifierWords(sym.Container),
				"path_words": identifierWords(f.Path),
			})
			names[sym.Name] = true
		}
		for i, c := range ff.Calls {
			js, err := json.Marshal(c)
			if err != nil {
				return nil, fmt.Errorf("neo4j: encode call of %s: %w", c.Callee, err)
			}
			w.calls = append(w.calls, map[string]any{
				"repo_id": repo, "path": f.Path, "caller_id": c.CallerID, "callee": c.Callee, "receiver": c.Receiver,
				"start_byte": int64(c.Span.StartByte), "start_line": int64(c.Span.Start.Line) + 1, "seq": i, "json": string(js),
				"ref": c.Ref,
			})
			names[c.Callee] = true
		}
		for i, l := range ff.Literals {
			js, err := json.Marshal(l)
			if err != nil {
				return nil, fmt.Errorf("neo4j: encode literal in %s: %w", f.Path, err)
			}
			w.literals = append(w.literals, map[string]any{
				"repo_id": repo, "path": f.Path, "symbol_id": l.SymbolID, "seq": i, "json": string(js),
				"name_words": identifierWords(l.Text),
			})
		}
	}
	for n := range names {
		w.names = append(w.names, n)
	}
	slices.Sort(w.names)
	return w, nil
}

// write runs one batch in one write transaction: the driver retries it as
// a whole on transient faults within the retry window.
func (s *Store) write(ctx context.Context, op string, w *batchWrite) error {
	if err := s.EnsureSchema(ctx); err != nil {
		return err
	}
	err := s.writeTx(ctx, op, func(run runFunc) error {
		paths := map[string]any{"paths": w.paths}
		rec, err := run(cypherOldSymbolNames, map[string]any{"paths": w.paths})
		if err != nil {
			return err
		}
		names := stringsOf(rec, "names")
		rec, err = run(cypherModulesOf, paths)
		if err != nil {
			return err
		}
		modules := stringsOf(rec, "modules")
		if _, err := run(cypherDeleteFiles, map[string]any{"paths": w.paths}); err != nil {
			return err
		}
		for _, step := range []struct {
			query string
			key   string
			rows  []map[string]any
		}{
			{cypherCreateFiles, "files", w.files},
			{cypherCreateSymbols, "rows", w.symbols},
			{cypherCreateCalls, "rows", w.calls},
			{cypherCreateLiterals, "rows", w.literals},
		} {
			if len(step.rows) == 0 {
				continue
			}
			if _, err := run(step.query, map[string]any{step.key: step.rows}); err != nil {
				return err
			}
		}
		if len(modules) > 0 {
			if _, err := run(cypherDropOrphanModules, map[string]any{"modules": modules}); err != nil {
				return err
			}
		}
		names = append(names, w.names...)
		slices.Sort(names)
		names = slices.Compact(names)
		if len(names) > 0 {
			if _, err := run(cypherDeleteNameEdges, map[string]any{"names": names}); err != nil {
				return err
			}
			if _, err := run(cypherCreateNameEdges, map[string]any{"names": names, "callableKinds": callableKinds}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(w.files) > 0 {
		s.indexed.Store(true)
	}
	return nil
}

// runFunc runs one statement in a write transaction, with the repository
// as $repo, and returns its first record.
type runFunc func(query string, params map[string]any) (*neo4j.Record, error)

// writeTx runs fn in one write transaction under the write timeout and
// the store's bound: the driver retries it as a whole on transient faults
// within the retry window. A committed transaction is counted.
func (s *Store) writeTx(ctx context.Context, op string, fn func(run runFunc) error) error {
	ctx, cancel := s.bound(ctx, s.cfg.writeTxTimeout())
	defer cancel()
	session := s.shared.driver.NewSession(ctx, neo4j.SessionConfig{AccessMode: neo4j.AccessModeWrite, DatabaseName: s.cfg.Database})
	defer session.Close(context.WithoutCancel(ctx))
	repo := s.cfg.RepoID
	_, err := session.ExecuteWrite(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		run := func(query string, params map[string]any) (*neo4j.Record, error) {
			params["repo"] = repo
			res, err := tx.Run(ctx, query, params)
			if err != nil {
				return nil, err
			}
			recs, err := res.Collect(ctx)
			if err != nil || len(recs) == 0 {
				return nil, err
			}
			return recs[0], nil
		}
		return nil, fn(run)
	}, neo4j.WithTxTimeout(s.cfg.writeTxTimeout()))
	if err != nil {
		return s.classify(ctx, op, err)
	}
	s.writeTxs.Add(1)
	return nil
}

// stringsOf reads a list of strings from a record's column.
func stringsOf(rec *neo4j.Record, key string) []string {
	if rec == nil {
		return nil
	}
	v, _ := rec.Get(key)
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
