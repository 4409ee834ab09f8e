package cascade_test

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
)

// logBuffer collects a workspace's log lines from its background work.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) warmUps() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Count(b.buf.String(), "resolver warm-up ended")
}

// newWarmWorkspace is a workspace over a fresh store of a small tree, not
// yet indexed, whose log the test reads.
func newWarmWorkspace(t *testing.T, opts cascade.Options) (*cascade.Workspace, *logBuffer) {
	t.Helper()
	root := t.TempDir()
	src := "export function used(): void {}\nexport function caller(): void { used(); }\n"
	if err := os.WriteFile(filepath.Join(root, "a.ts"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	store, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	logs := &logBuffer{}
	opts.Logger = slog.New(slog.NewTextHandler(logs, nil))
	ws := cascade.NewWorkspace(root, store, opts)
	t.Cleanup(ws.Close)
	return ws, logs
}

// waitWarmUps waits up to budget for the log to show want warm-ups.
func waitWarmUps(logs *logBuffer, want int, budget time.Duration) int {
	deadline := time.Now().Add(budget)
	for logs.warmUps() < want && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	return logs.warmUps()
}

// The resolver is warmed after an index pass, for the requests a server
// will get; a one-shot command (callcascade index, callers) exits instead,
// and warming beside its own work only cost it CPU and memory.
func TestOneShotWorkspacesDoNotWarmTheResolver(t *testing.T) {
	ctx := context.Background()
	server, serverLogs := newWarmWorkspace(t, cascade.Options{})
	oneShot, oneShotLogs := newWarmWorkspace(t, cascade.Options{OneShot: true})
	for _, ws := range []*cascade.Workspace{server, oneShot} {
		if _, err := ws.Indexer.IndexAll(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := waitWarmUps(serverLogs, 1, 10*time.Second); got == 0 {
		t.Fatal("a server's workspace was not warmed after its index pass")
	}
	// The server's warm-up came after the same delay; give the other as long again.
	time.Sleep(2 * time.Second)
	if got := oneShotLogs.warmUps(); got != 0 {
		t.Fatalf("a one-shot workspace warmed the resolver %d times", got)
	}
}

// While the first index pass runs, a pause in its writes does not start a
// warm-up over a store the next write makes stale: the warm-up waits for
// the pass to end.
func TestNoWarmUpDuringTheFirstIndexPass(t *testing.T) {
	ws, logs := newWarmWorkspace(t, cascade.Options{})
	ws.Indexer.Starting() // the first pass is running, as a server marks it
	ws.Indexer.Changed()  // ... and has written, then paused
	time.Sleep(2500 * time.Millisecond)
	if got := logs.warmUps(); got != 0 {
		t.Fatalf("the resolver was warmed %d times during the first index pass", got)
	}
	if _, err := ws.Indexer.IndexAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := waitWarmUps(logs, 1, 10*time.Second); got == 0 {
		t.Fatal("not warmed once the first pass ended")
	}
}
