package index_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
)

// gatedStore holds the first index's writes of files under slow/ until
// released, so a request can arrive while the pass runs.
type gatedStore struct {
	*embedded.Store
	release chan struct{}
	entered chan struct{}
}

func (g *gatedStore) ReplaceFiles(ctx context.Context, batch []fact.FileFacts) error {
	for _, ff := range batch {
		if strings.HasPrefix(ff.File.Path, "slow/") {
			select {
			case g.entered <- struct{}{}:
			default:
			}
			<-g.release
			break
		}
	}
	return g.Store.ReplaceFiles(ctx, batch)
}

// A request during the first index gets the files that mention its name
// indexed at once, ahead of the pass; the pass does not parse them again.
func TestIndexMentioningRunsAheadOfThePass(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Enough files before the others that the pass, held at its first
	// write, cannot have parsed the others yet (its queues hold a few).
	for i := range 20 {
		write(filepath.Join("slow", fmt.Sprintf("f%02d.ts", i)), fmt.Sprintf("export function f%d(): void {}\n", i))
	}
	write("z/caller.ts", "import { target } from '../z/target';\nexport function c(): void { target(); }\n")
	write("z/target.ts", "export function target(): void {}\n")
	write("z/other.ts", "export function other(): void {}\n")
	st, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	store := &gatedStore{Store: st, release: make(chan struct{}), entered: make(chan struct{}, 1)}
	ix := &index.Indexer{Root: root, Store: store, Workers: 1, BatchSize: 1}
	ctx := context.Background()

	if p := ix.Progress(); p.Running {
		t.Fatalf("progress before any pass: %+v", p)
	}
	type result struct {
		stats index.IndexStats
		err   error
	}
	passDone := make(chan result, 1)
	go func() {
		s, err := ix.IndexAll(ctx, nil)
		passDone <- result{s, err}
	}()
	select {
	case <-store.entered:
	case <-time.After(30 * time.Second):
		t.Fatal("the pass never wrote")
	}
	p := ix.Progress()
	if !p.Running || p.Total != 23 || p.Done >= p.Total {
		t.Errorf("progress during the pass: %+v, want running, 23 files, not done", p)
	}
	n, err := ix.IndexMentioning(ctx, "target")
	if err != nil || n != 2 {
		t.Fatalf("IndexMentioning(target) = %d, %v; want the caller and the declaration", n, err)
	}
	for _, rel := range []string{"z/caller.ts", "z/target.ts"} {
		if _, err := st.File(ctx, rel); err != nil {
			t.Errorf("%s is not indexed ahead of the pass: %v", rel, err)
		}
	}
	if _, err := st.File(ctx, "z/other.ts"); err == nil {
		t.Errorf("a file not mentioning the name was indexed ahead")
	}
	close(store.release)
	r := <-passDone
	if r.err != nil {
		t.Fatal(r.err)
	}
	if r.stats.Parsed != 21 {
		t.Errorf("the pass parsed %d files, want 21 (the two indexed ahead are not parsed again)", r.stats.Parsed)
	}
	if p := ix.Progress(); p.Running {
		t.Errorf("progress after the pass: %+v", p)
	}
	if n, _ := ix.IndexMentioning(ctx, "other"); n != 0 {
		t.Errorf("IndexMentioning with no pass running indexed %d files", n)
	}
}
