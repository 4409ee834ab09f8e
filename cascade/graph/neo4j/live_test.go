package neo4j_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
)

// Tests against a live Neo4j, run only when CALLCASCADE_NEO4J_URI is set
// (with CALLCASCADE_NEO4J_USER, CALLCASCADE_NEO4J_PASSWORD and, optionally,
// CALLCASCADE_NEO4J_DATABASE): see the README. Each fixture workspace is
// indexed into both stores, and the resolver must answer the same over
// both for every symbol. Nothing is expected of the fixture here: the
// embedded store is the reference.

func liveConfig(t *testing.T, repo string) neo4jstore.Config {
	t.Helper()
	cfg := neo4jstore.ConfigFromEnv()
	if cfg.URI == "" {
		t.Skip("no live Neo4j configured (set CALLCASCADE_NEO4J_URI to run this test; see the README): skipped, not passed")
	}
	cfg.RepoID = repo
	return cfg
}

// copyFixture copies a fixture workspace so the test can change its files'
// times without touching the repository.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("..", "..", "..", "testdata", name)
	dst := filepath.Join(t.TempDir(), name)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func fixtures(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join("..", "..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		t.Fatal("no fixture workspaces in testdata/")
	}
	return names
}

// purge deletes every file the repository has in the store.
func purge(t *testing.T, s graph.Store) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	files, err := s.Files(ctx)
	if err != nil {
		t.Errorf("purge: %v", err)
		return
	}
	for _, f := range files {
		if err := s.DeleteFile(ctx, f.Path); err != nil {
			t.Errorf("purge %s: %v", f.Path, err)
		}
	}
}

func TestLiveSameAnswersAsEmbedded(t *testing.T) {
	liveConfig(t, "") // skip before any work when no Neo4j is configured
	run := fmt.Sprintf("callcascade-test-%d", time.Now().UnixNano())
	for _, name := range fixtures(t) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			root := copyFixture(t, name)
			local, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer local.Close()
			neo, err := neo4jstore.Open(ctx, liveConfig(t, run+"/"+name))
			if err != nil {
				t.Fatal(err)
			}
			defer neo.Close()
			defer purge(t, neo)

			for _, s := range []graph.Store{local, neo} {
				ix := &index.Indexer{Root: root, Store: s}
				if _, err := ix.IndexAll(ctx, nil); err != nil {
					t.Fatalf("index into %T: %v", s, err)
				}
			}

			// Re-indexing with nothing changed, even with every file's
			// time changed (a fresh CI checkout), writes nothing.
			writes := neo.WriteTransactions()
			later := time.Now().Add(time.Hour)
			filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					os.Chtimes(p, later, later)
				}
				return nil
			})
			stats, err := (&index.Indexer{Root: root, Store: neo}).IndexAll(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if stats.Parsed != 0 || stats.Deleted != 0 || neo.WriteTransactions() != writes {
				t.Errorf("re-index with nothing changed: %d parsed, %d deleted, %d write transactions",
					stats.Parsed, stats.Deleted, neo.WriteTransactions()-writes)
			}

			compareStores(ctx, t, local, neo)
		})
	}
}

func compareStores(ctx context.Context, t *testing.T, local, neo graph.Store) {
	t.Helper()
	equate := cmpopts.EquateEmpty()
	wantFiles, err := local.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	gotFiles, err := neo.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantFiles, gotFiles, equate); diff != "" {
		t.Errorf("Files (-embedded +neo4j):\n%s", diff)
	}
	localResolver, neoResolver := &resolve.Resolver{Store: local}, &resolve.Resolver{Store: neo}
	symbols := 0
	for _, f := range wantFiles {
		want, err := local.File(ctx, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := neo.File(ctx, f.Path)
		if err != nil {
			t.Fatalf("File(%s): %v", f.Path, err)
		}
		if diff := cmp.Diff(want, got, equate); diff != "" {
			t.Errorf("File(%s) (-embedded +neo4j):\n%s", f.Path, diff)
		}
		syms, err := local.SymbolsInFile(ctx, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		gotSyms, err := neo.SymbolsInFile(ctx, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(syms, gotSyms, equate); diff != "" {
			t.Errorf("SymbolsInFile(%s) (-embedded +neo4j):\n%s", f.Path, diff)
		}
		for _, sym := range syms {
			symbols++
			for _, dir := range []struct {
				name string
				of   func(*resolve.Resolver) ([]fact.Edge, error)
			}{
				{"incoming", func(r *resolve.Resolver) ([]fact.Edge, error) { return r.Incoming(ctx, sym) }},
				{"outgoing", func(r *resolve.Resolver) ([]fact.Edge, error) { return r.Outgoing(ctx, sym) }},
			} {
				want, err := dir.of(localResolver)
				if err != nil {
					t.Fatal(err)
				}
				got, err := dir.of(neoResolver)
				if err != nil {
					t.Fatalf("%s of %s over neo4j: %v", dir.name, sym.ID, err)
				}
				if diff := cmp.Diff(want, got, equate); diff != "" {
					t.Errorf("%s calls of %s (-embedded +neo4j):\n%s", dir.name, sym.ID, diff)
				}
			}
			for _, lookup := range []struct {
				name string
				of   func(graph.Store) (any, error)
			}{
				{"Symbol", func(s graph.Store) (any, error) { return s.Symbol(ctx, sym.ID) }},
				{"SymbolsByName", func(s graph.Store) (any, error) { return s.SymbolsByName(ctx, sym.Name) }},
				{"CallsByCallee", func(s graph.Store) (any, error) { return s.CallsByCallee(ctx, sym.Name) }},
				{"CallsFrom", func(s graph.Store) (any, error) { return s.CallsFrom(ctx, sym.ID) }},
			} {
				want, err := lookup.of(local)
				if err != nil {
					t.Fatal(err)
				}
				got, err := lookup.of(neo)
				if err != nil {
					t.Fatalf("%s(%s) over neo4j: %v", lookup.name, sym.ID, err)
				}
				if diff := cmp.Diff(want, got, equate); diff != "" {
					t.Errorf("%s(%s) (-embedded +neo4j):\n%s", lookup.name, sym.ID, diff)
				}
			}
			// Scores differ (FTS5 and Lucene weigh BM25 differently); a
			// search by a symbol's own name must find it in both.
			hits, err := neo.Search(ctx, sym.Name, 50)
			if err != nil {
				t.Fatalf("Search(%s): %v", sym.Name, err)
			}
			if fact.SplitWords(sym.Name) != nil && !slices.ContainsFunc(hits, func(h fact.SearchHit) bool { return h.SymbolID == sym.ID }) {
				t.Errorf("Search(%q) over neo4j does not find %s", sym.Name, sym.ID)
			}
			// The literals naming it are the same set in both (the
			// keyword stage's question); their order may differ.
			sites := func(s graph.Store) []string {
				hits, err := s.SearchLiterals(ctx, sym.Name, 0.5, 1000)
				if err != nil {
					t.Fatalf("SearchLiterals(%s): %v", sym.Name, err)
				}
				var out []string
				for _, h := range hits {
					out = append(out, fmt.Sprintf("%s:%d", h.Path, h.Span.StartByte))
				}
				slices.Sort(out)
				return out
			}
			if diff := cmp.Diff(sites(local), sites(neo)); diff != "" {
				t.Errorf("SearchLiterals(%q) (-embedded +neo4j):\n%s", sym.Name, diff)
			}
		}
	}
	if symbols == 0 {
		t.Error("the fixture has no symbols: nothing was compared")
	}
	t.Logf("%d files, %d symbols: same answers over both stores", len(wantFiles), symbols)
}

// A repository never indexed is reported as such, not as "no callers".
func TestLiveIndexMissing(t *testing.T) {
	cfg := liveConfig(t, fmt.Sprintf("callcascade-test-empty-%d", time.Now().UnixNano()))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := neo4jstore.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if files, err := s.Files(ctx); err != nil || len(files) != 0 {
		t.Errorf("Files of an empty repository: %v, %v", files, err)
	}
	if _, err := s.CallsByCallee(ctx, "handle"); !errors.Is(err, graph.ErrIndexMissing) {
		t.Errorf("CallsByCallee of an empty repository: %v, want graph.ErrIndexMissing", err)
	}
}
