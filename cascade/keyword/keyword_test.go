package keyword_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/graph/index"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/keyword"
	"github.com/callcascade/callcascade/cascade/stage"
)

const jobsTS = `export class ReportJobs {
  archiveReport(): void {}

  purge(): void {}

  runAll(): void {
    const actions = ['archiveReport', 'purge'];
    for (let i = 0; i < actions.length; i++) {
      (this as any)[actions[i]]();
    }
  }

  title(): string {
    return 'report';
  }

  kind(): string {
    return 'archive';
  }
}
`

const jobsPy = `class Reports:
    def archive_report(self):
        return None

    def heading(self):
        return "report"

    def kind(self):
        return "archive"


def dispatch(obj):
    name = "archive_report"
    getattr(obj, name)()
`

func indexTree(t testing.TB, files map[string]string) *embedded.Store {
	t.Helper()
	root := t.TempDir()
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	store, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	ix := &index.Indexer{Root: root, Store: store, Workers: 1}
	if _, err := ix.IndexAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return store
}

// targetID finds the indexed symbol the keyword search is about.
func targetID(t *testing.T, store graph.Store, name string) string {
	t.Helper()
	syms, err := store.SymbolsByName(context.Background(), name)
	if err != nil || len(syms) != 1 {
		t.Fatalf("SymbolsByName(%q) = %v, %v; want one symbol", name, syms, err)
	}
	return syms[0].ID
}

// A method dispatched by name is found through the string naming it: the
// literal is the answer, in the function that dispatches.
func TestSearchFindsTheLiteralNamingTheMethod(t *testing.T) {
	cases := []struct {
		lang, path, text, name string
		wantText, wantCaller   string
	}{
		{"typescript", "src/jobs.ts", jobsTS, "archiveReport", "archiveReport", "src/jobs.ts#ReportJobs.runAll"},
		{"python", "app/reports.py", jobsPy, "archive_report", "archive_report", "app/reports.py#dispatch"},
	}
	for _, tc := range cases {
		t.Run(tc.lang, func(t *testing.T) {
			store := indexTree(t, map[string]string{tc.path: tc.text})
			id := targetID(t, store, tc.name)
			res, err := keyword.Search(context.Background(), store, keyword.Query{Name: tc.name, TargetID: id})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{"archive", "report"}, res.Words); diff != "" {
				t.Errorf("words (-want +got):\n%s", diff)
			}
			if len(res.Literals) != 1 {
				t.Fatalf("literals = %+v, want exactly the one naming %s", res.Literals, tc.name)
			}
			lit := res.Literals[0]
			if lit.Text != tc.wantText || lit.SymbolID != tc.wantCaller || lit.Kind != "literal" {
				t.Errorf("literal %q in %s, want %q in %s", lit.Text, lit.SymbolID, tc.wantText, tc.wantCaller)
			}
			if lit.Relevance < 0.9 || lit.Relevance > 1 {
				t.Errorf("relevance of the exact name = %.2f, want about 1", lit.Relevance)
			}
			for _, h := range res.Literals {
				if h.SymbolID == id {
					t.Errorf("the target itself is among the hits: %+v", h)
				}
			}
		})
	}
}

// A literal sharing only one word of a two-word name ('archive' for
// archiveReport) is not the name: it stays under the default threshold,
// whatever bm25 makes of a short string with a rare word. A lower
// configured threshold lets it through.
func TestSearchThreshold(t *testing.T) {
	for _, tc := range []struct{ path, text, name string }{
		{"src/jobs.ts", jobsTS, "archiveReport"},
		{"app/reports.py", jobsPy, "archive_report"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			// "report" in most rows makes it worth nothing to bm25, so the
			// one-word literal 'archive' scores like the full name.
			store := indexTree(t, map[string]string{tc.path: tc.text, "src/reports.ts": manyReports(40),
				"src/archive/labels.ts": "export function archiveLabel(): string { return 'archive'; }\n" +
					"export function statusLabel(): string { return 'archive-report-status'; }\n"})
			id := targetID(t, store, tc.name)
			res, err := keyword.Search(context.Background(), store, keyword.Query{Name: tc.name, TargetID: id})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Literals) == 0 {
				t.Errorf("the literal spelling %s is not found", tc.name)
			}
			for _, h := range res.Literals {
				if h.Text != tc.name && h.Text != "archive-report-status" {
					t.Errorf("%q passed the default threshold %.2f with relevance %.2f", h.Text, keyword.DefaultThreshold, h.Relevance)
				}
			}

			// One word of two names nothing, at any threshold; the name
			// and one word more is two thirds the name.
			lower, err := keyword.Search(context.Background(), store, keyword.Query{Name: tc.name, TargetID: id, Threshold: 0.1})
			if err != nil {
				t.Fatal(err)
			}
			if h := findText(lower.Literals, "archive"); h != nil {
				t.Errorf("with threshold 0.1, 'archive' (one word of %s) passed with relevance %.2f", tc.name, h.Relevance)
			}
			status := findText(lower.Literals, "archive-report-status")
			if status == nil || status.Relevance < 0.66 || status.Relevance > 0.67 {
				t.Errorf("with threshold 0.1, 'archive-report-status' = %+v, want relevance 2/3", status)
			}
			if findText(res.Literals, "archive-report-status") == nil {
				t.Errorf("'archive-report-status' (2/3 the name) did not pass the default threshold: %+v", res.Literals)
			}
			strict, err := keyword.Search(context.Background(), store, keyword.Query{Name: tc.name, TargetID: id, Threshold: 0.7})
			if err != nil {
				t.Fatal(err)
			}
			if h := findText(strict.Literals, "archive-report-status"); h != nil {
				t.Errorf("with threshold 0.7, 'archive-report-status' passed with relevance %.2f", h.Relevance)
			}
			higher, err := keyword.Search(context.Background(), store, keyword.Query{Name: tc.name, TargetID: id, Threshold: 1.5})
			if err != nil {
				t.Fatal(err)
			}
			if len(higher.Literals) != 0 {
				t.Errorf("with a threshold above 1, literals %+v still pass", higher.Literals)
			}
		})
	}
}

// manyReports is a file of n functions whose names all hold "report".
func manyReports(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "export function reportNumber%d(): number { return %d; }\n", i, i)
	}
	return b.String()
}

// A literal holding one of two words does not pass the default threshold,
// however short and rare it is.
func TestSearchOneWordOfTwo(t *testing.T) {
	store := indexTree(t, map[string]string{"src/labels.ts": `export function label(kind: number): string {
  return kind ? 'archive' : 'report';
}
`})
	res, err := keyword.Search(context.Background(), store, keyword.Query{Name: "archiveReport"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Literals) != 0 {
		t.Errorf("literals %+v passed the default threshold %.2f for archiveReport", res.Literals, keyword.DefaultThreshold)
	}
}

func findText(hits []keyword.Hit, text string) *keyword.Hit {
	for i := range hits {
		if hits[i].Text == text && hits[i].Kind == "literal" {
			return &hits[i]
		}
	}
	return nil
}

// Names that are not words, or that look like full-text query syntax,
// get an answer (usually empty), never an error or a crash.
func TestSearchOddNames(t *testing.T) {
	store := indexTree(t, map[string]string{"src/jobs.ts": jobsTS})
	for _, name := range []string{"", "a", "_", "$", "*", "\"", "archive\"Report", "NEAR(archive report)", "archive OR report", "archive*", "-report", "^report", "report:archive", "日本語", strings.Repeat("x", 10000)} {
		res, err := keyword.Search(context.Background(), store, keyword.Query{Name: name})
		if err != nil {
			t.Errorf("Search(%.40q): %v", name, err)
			continue
		}
		for _, h := range res.Literals {
			if h.Relevance <= keyword.DefaultThreshold {
				t.Errorf("Search(%.40q): literal %q under the threshold returned as an answer", name, h.Text)
			}
		}
	}
}

// notReadyStore is a store whose full-text index is still being built.
type notReadyStore struct{ keyword.Store }

func (notReadyStore) SearchLiterals(context.Context, string, float64, int) ([]fact.SearchHit, error) {
	return nil, fmt.Errorf("embedded: search: %w", stage.ErrSearchNotReady)
}

// A keyword query before the full-text index is built says so, and does
// not answer "no relevant matches".
func TestStageSaysWhenTheSearchIsNotReady(t *testing.T) {
	q := &stage.Query{Target: fact.Symbol{ID: "jobs.ts#ReportJobs.archiveReport", Name: "archiveReport", Path: "jobs.ts"}}
	out := keyword.NewStage(notReadyStore{}).Run(context.Background(), q)
	if out.Hit || out.Reason != stage.ReasonIndexIncomplete || out.Err != nil {
		t.Errorf("outcome = hit %v, reason %q, err %v; want no hit, %q, no error", out.Hit, out.Reason, out.Err, stage.ReasonIndexIncomplete)
	}
}
