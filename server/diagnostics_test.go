package server_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/server"
)

// ourDiagnostics is what the client was last sent for uri.
func (c *testClient) ourDiagnostics(uri protocol.DocumentURI) []protocol.Diagnostic {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]protocol.Diagnostic(nil), c.diags[uri]...)
}

// waitDiagnostics waits for the client's diagnostics on uri to satisfy ok.
func (c *testClient) waitDiagnostics(uri protocol.DocumentURI, ok func([]protocol.Diagnostic) bool) []protocol.Diagnostic {
	c.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got := c.ourDiagnostics(uri)
		if ok(got) || time.Now().After(deadline) {
			return got
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Issue 14, item 4: a diagnostic follows the latest answer for its symbol.
// An early answer that found nothing publishes a Warning; a later answer
// that differs (grep finds a caller the index has not seen) replaces it;
// the precise answer once the index has caught up clears it, although the
// function moved in between (its file changed outside the editor), so the
// later item stands at another position than the one the Warning was
// published at.
func TestDiagnosticFollowsTheLatestAnswerForItsSymbol(t *testing.T) {
	root := writeTree(t, map[string]string{"lib.ts": libTS})
	root, _ = filepath.EvalSymlinks(root)
	c := startServer(t, root, server.Options{})
	lib := uriOf(root, "lib.ts")
	items := c.prepare(lib, 0, 17)
	if len(items) != 1 {
		t.Fatalf("prepare: %d items", len(items))
	}
	if got := c.incomingNames(items[0]); len(got) != 0 {
		t.Fatalf("callers before any exist: %v", got)
	}
	diags := c.waitDiagnostics(lib, func(d []protocol.Diagnostic) bool { return len(d) == 1 })
	if len(diags) != 1 || diags[0].Severity != protocol.DiagnosticSeverityWarning {
		t.Fatalf("after an answer that found nothing: %+v, want one Warning", diags)
	}

	// A caller the index has not seen (written, not announced): grep finds it.
	late := "import { target } from './lib';\nexport function late() {\n  return target();\n}\n"
	if err := os.WriteFile(filepath.Join(root, "late.ts"), []byte(late), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := c.incomingNames(items[0]); len(got) != 1 || got[0] != "late" {
		t.Fatalf("callers once late.ts exists, before any re-index: %v, want grep's [late]", got)
	}
	diags = c.waitDiagnostics(lib, func(d []protocol.Diagnostic) bool {
		return len(d) == 1 && d[0].Severity == protocol.DiagnosticSeverityInformation
	})
	if len(diags) != 1 || diags[0].Severity != protocol.DiagnosticSeverityInformation || !strings.Contains(diags[0].Message, "grep") {
		t.Fatalf("after grep's answer: %+v, want its Information in place of the Warning", diags)
	}

	// The function moves down two lines outside the editor; the index
	// catches up with both files, and the graph answers precisely.
	if err := os.WriteFile(filepath.Join(root, "lib.ts"), []byte("// moved\n// down\n"+libTS), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{
		{URI: lib, Type: protocol.FileChangeTypeChanged}, {URI: uriOf(root, "late.ts"), Type: protocol.FileChangeTypeCreated}}})
	deadline := time.Now().Add(20 * time.Second)
	for {
		moved := c.prepare(lib, 2, 17)
		if len(moved) == 1 && moved[0].SelectionRange.Start.Line == 2 {
			var calls []protocol.CallHierarchyIncomingCall
			if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: moved[0]}, &calls); err != nil {
				t.Fatal(err)
			}
			if len(calls) == 1 && strings.Contains(calls[0].From.Detail, "precise") {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the index did not catch up with the changed files")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if diags = c.waitDiagnostics(lib, func(d []protocol.Diagnostic) bool { return len(d) == 0 }); len(diags) != 0 {
		t.Errorf("after the precise answer: %+v still published, want none", diags)
	}
}
