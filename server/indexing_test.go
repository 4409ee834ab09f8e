package server_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/server"
)

// heldStore holds the first index's writes of files under slow/ until
// released: the editor asks while the index runs.
type heldStore struct {
	*embedded.Store
	release chan struct{}
	entered chan struct{}
}

func (h *heldStore) ReplaceFiles(ctx context.Context, batch []fact.FileFacts) error {
	for _, ff := range batch {
		if strings.HasPrefix(ff.File.Path, "slow/") {
			select {
			case h.entered <- struct{}{}:
			default:
			}
			select {
			case <-h.release:
			case <-ctx.Done():
				return ctx.Err()
			}
			break
		}
	}
	return h.Store.ReplaceFiles(ctx, batch)
}

// Asked while the first index runs, the call hierarchy answers from the
// files that mention the name (indexed first), flags each caller and the
// diagnostic as partial ("indexing N of M files"), never says "no callers",
// and answers again when the index completes: the diagnostic goes.
func TestAnswersWhileIndexingArePartialThenRepublished(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 20 {
		write(fmt.Sprintf("slow/f%02d.ts", i), fmt.Sprintf("export function f%d(): void {}\n", i))
	}
	write("z/target.ts", "export function settle(): void {}\n")
	write("z/caller.ts", "import { settle } from './target';\nexport function nightly(): void {\n  settle();\n}\n")
	release, entered := make(chan struct{}), make(chan struct{}, 1)
	released := false
	t.Cleanup(func() {
		if !released {
			close(release)
		}
	})
	dir := t.TempDir()
	opts := server.Options{OpenStore: func(string) (graph.Store, error) {
		st, err := embedded.Open(filepath.Join(dir, "graph.db"), embedded.Options{})
		if err != nil {
			return nil, err
		}
		return &heldStore{Store: st, release: release, entered: entered}, nil
	}}
	c := startServerWith(t, root, opts, false)
	select {
	case <-entered:
	case <-time.After(30 * time.Second):
		t.Fatal("the first index never wrote")
	}
	uri := handlers.URIFromPath(filepath.Join(root, "z", "target.ts"))
	items := c.prepare(uri, 0, 17)
	if len(items) != 1 || items[0].Name != "settle" {
		t.Fatalf("prepare during the index: %+v", items)
	}
	var calls []protocol.CallHierarchyIncomingCall
	if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: items[0]}, &calls); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || calls[0].From.Name != "nightly" || !strings.Contains(calls[0].From.Detail, "partial: indexing ") {
		t.Fatalf("incomingCalls during the index: %+v", calls)
	}
	diag := c.waitDiagnostic(t, uri, func(d []protocol.Diagnostic) bool { return len(d) == 1 })
	if code, _ := diag[0].Code.(string); code != "index_incomplete" || !strings.Contains(diag[0].Message, "indexing ") || strings.Contains(diag[0].Message, "No callers") {
		t.Errorf("diagnostic during the index: %+v", diag[0])
	}

	close(release)
	released = true
	c.waitIndexed()
	// The complete answer is precise: the diagnostic is cleared.
	c.waitDiagnostic(t, uri, func(d []protocol.Diagnostic) bool { return len(d) == 0 })
}

// waitDiagnostic waits until uri's published diagnostics satisfy ok.
func (c *testClient) waitDiagnostic(t *testing.T, uri protocol.DocumentURI, ok func([]protocol.Diagnostic) bool) []protocol.Diagnostic {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		c.mu.Lock()
		d, published := c.diags[uri]
		c.mu.Unlock()
		if published && ok(d) {
			return d
		}
		if time.Now().After(deadline) {
			t.Fatalf("diagnostics of %s never as expected; last %+v (published %v)", uri, d, published)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
