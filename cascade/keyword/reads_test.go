package keyword_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/keyword"
	"github.com/callcascade/callcascade/cascade/stage"
)

// countingSource is the embedded store with the workspace's files on disk
// behind it, counting how often each file is read.
type countingSource struct {
	*embedded.Store
	root  string
	mu    sync.Mutex
	reads map[string]int
}

func (c *countingSource) Source(_ context.Context, rel string) ([]byte, error) {
	c.mu.Lock()
	c.reads[rel]++
	c.mu.Unlock()
	return os.ReadFile(filepath.Join(c.root, filepath.FromSlash(rel)))
}

// A common name is written in many strings of a few large files: one
// request reads each file once, not once per literal.
const manyMentionsPy = `class Reports:
    def archive_report(self):
        return None


def first(obj):
    log("archive_report")
    xetattr(obj, "x")()


def second(obj):
    audit("archive_report")
    audit("archive_report")


def third(obj):
    title = "archive_report"
    return title
`

func TestStageReadsEachFileOncePerRequestAndAfreshTheNext(t *testing.T) {
	src, p, target := sourceOf(t, "app/reports.py", manyMentionsPy, "archive_report")
	ask := func() stage.Outcome {
		return keyword.NewStage(src).Run(context.Background(), &stage.Query{Target: target, Found: true, Direction: "incoming"})
	}

	out := ask()
	if out.Hit || len(out.Mentions) != 4 {
		t.Fatalf("first answer: hit %v, %d mentions (%s); want no caller and the 4 strings as mentions", out.Hit, len(out.Mentions), out.Observed)
	}
	for _, m := range out.Mentions {
		if m.Caller == "" {
			t.Errorf("mention %s:%d names no enclosing function", m.Path, m.Line)
		}
	}
	if n := src.reads["app/reports.py"]; n != 1 {
		t.Errorf("app/reports.py read %d times for one request, want once", n)
	}

	// The file changes on disk, same length, the index untouched: first
	// now dispatches by a computed name, and the next request must see it.
	edited := []byte(manyMentionsPy)
	at := len("class Reports:\n    def archive_report(self):\n        return None\n\n\ndef first(obj):\n    log(\"archive_report\")\n    ")
	copy(edited[at:], "getattr")
	if err := os.WriteFile(p, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	out = ask()
	if !out.Hit || len(out.Calls) != 1 || out.Calls[0].Symbol.Name != "first" {
		t.Fatalf("after the edit: hit %v, calls %+v (%s); want first, which now calls getattr", out.Hit, out.Calls, out.Observed)
	}
	if n := src.reads["app/reports.py"]; n != 2 {
		t.Errorf("app/reports.py read %d times in two requests, want once each", n)
	}
}

// sourceOf indexes one file, rel, into a fresh workspace, and returns the
// store reading it from disk, the file's path, and the one symbol named name.
func sourceOf(t *testing.T, rel, text, name string) (*countingSource, string, fact.Symbol) {
	t.Helper()
	root := t.TempDir()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	store := indexAt(t, root)
	syms, err := store.SymbolsByName(context.Background(), name)
	if err != nil || len(syms) != 1 {
		t.Fatalf("SymbolsByName(%s) = %v, %v", name, syms, err)
	}
	return &countingSource{Store: store, root: root, reads: map[string]int{}}, p, syms[0]
}

// indexAt indexes the files under root into a fresh embedded store.
func indexAt(t *testing.T, root string) *embedded.Store {
	t.Helper()
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

// A dispatch by name looks the name up as written: getattr(api, 'POST')
// never reaches Handler.post, so that string is a mention; 'post' there is
// the caller's site.
const verbsPy = `class Handler:
    def post(self):
        return None


def shout(api, url):
    return getattr(api, "x")("POST", url)


def send(api, url):
    verb = "post"
    return getattr(api, verb)(url)

`

func TestStageDispatchTakesTheNameAsWritten(t *testing.T) {
	src, _, target := sourceOf(t, "app/handlers.py", verbsPy, "post")
	out := keyword.NewStage(src).Run(context.Background(), &stage.Query{Target: target, Found: true, Direction: "incoming"})
	var callers []string
	for _, c := range out.Calls {
		callers = append(callers, c.Symbol.Name)
	}
	slices.Sort(callers)
	if !slices.Equal(callers, []string{"send"}) {
		t.Errorf("callers %v (%s); want send, not shout", callers, out.Observed)
	}
	if len(out.Mentions) != 1 || out.Mentions[0].Caller != "shout" {
		t.Errorf("mentions %+v; want the 'POST' in shout", out.Mentions)
	}
}
