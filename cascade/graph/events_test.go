package graph_test

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
)

// indexFixture indexes a fixture workspace into a fresh embedded store.
func indexFixture(t *testing.T, dir string) *graph.Resolver {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", "testdata", dir))
	if err != nil {
		t.Fatal(err)
	}
	s, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ix := &graph.Indexer{Root: root, Store: s}
	if _, err := ix.IndexAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return &graph.Resolver{Store: s}
}

// symbolNamed finds one symbol by its qualified name, Class.method.
func symbolNamed(t *testing.T, r *graph.Resolver, qualified string) graph.Symbol {
	t.Helper()
	name := qualified[strings.LastIndexByte(qualified, '.')+1:]
	syms, err := r.Store.SymbolsByName(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	var found []graph.Symbol
	for _, s := range syms {
		if strings.HasSuffix(s.ID, "#"+qualified) {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s: %d symbols", qualified, len(found))
	}
	return found[0]
}

// edgeLines describes edges as "Container.name resolution event/via".
func edgeLines(edges []graph.Edge) []string {
	var out []string
	for _, e := range edges {
		name := e.Symbol.Name
		if e.Symbol.Container != "" {
			name = e.Symbol.Container + "." + name
		}
		line := name + " " + string(e.Resolution)
		if e.Event != "" {
			line += " '" + e.Event + "'"
		}
		if e.Via != "" {
			line += " via " + e.Via
		}
		out = append(out, line)
	}
	sort.Strings(out)
	return out
}

func TestEventEdgesNest(t *testing.T) {
	r := indexFixture(t, "nest-events")
	ctx := context.Background()
	cases := []struct {
		target string
		want   []string
	}{
		{"ReportListener.handleReportCreated", []string{"ReportService.create event 'report.created'"}},
		{"ReportListener.handleArchived", []string{"ReportService.archive event 'report.archived'"}},
		{"ReportListener.handleExported", []string{"ReportService.exportReport event 'report.exported'"}},
		{"ReportConsumer.handleRemoteExport", []string{"ReportService.exportReport event 'report.exported.remote'"}},
		{"ReportListener.handleDeleted", nil},
		{"ReportConsumer.countReports", nil},
	}
	for _, tc := range cases {
		got, err := r.Incoming(ctx, symbolNamed(t, r, tc.target))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, edgeLines(got), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Incoming(%s) (-want +got):\n%s", tc.target, diff)
		}
	}
}
