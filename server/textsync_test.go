package server_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/server"
)

// writeTree creates files under a fresh temp workspace.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func uriOf(root, rel string) protocol.DocumentURI {
	return handlers.URIFromPath(filepath.Join(root, rel))
}

func (c *testClient) prepare(uri protocol.DocumentURI, line, char uint32) []protocol.CallHierarchyItem {
	c.t.Helper()
	var items []protocol.CallHierarchyItem
	err := c.call("textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: uri},
			Position:     protocol.Position{Line: line, Character: char},
		}}, &items)
	if err != nil {
		c.t.Fatalf("prepare %s:%d:%d: %v", uri, line, char, err)
	}
	return items
}

func (c *testClient) incomingNames(item protocol.CallHierarchyItem) []string {
	c.t.Helper()
	var calls []protocol.CallHierarchyIncomingCall
	if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: item}, &calls); err != nil {
		c.t.Fatalf("incomingCalls %s: %v", item.Name, err)
	}
	var names []string
	for _, in := range calls {
		names = append(names, in.From.Name)
	}
	return names
}

const libTS = "export function target(): number {\n  return 1;\n}\n"

func TestEditsReindexFromTheBuffer(t *testing.T) {
	root := writeTree(t, map[string]string{
		"lib.ts": libTS,
		"a.ts":   "import { target } from './lib';\nexport function first() {\n  return target();\n}\n",
	})
	c := startServer(t, root, server.Options{})
	items := c.prepare(uriOf(root, "lib.ts"), 0, 17)
	if len(items) != 1 {
		t.Fatalf("prepare target: %d items", len(items))
	}
	if got := c.incomingNames(items[0]); strings.Join(got, ",") != "first" {
		t.Fatalf("before edit: callers %v, want [first]", got)
	}

	// An unsaved edit adds a second caller: the answer follows the buffer.
	bUnsaved := "import { target } from './lib';\nexport function second() {\n  return target() + target();\n}\n"
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uriOf(root, "b.ts"), LanguageID: "typescript", Version: 1, Text: ""}})
	c.notify("textDocument/didChange", &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uriOf(root, "b.ts")}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: bUnsaved}},
	})
	if got := c.incomingNames(items[0]); strings.Join(got, ",") != "first,second" {
		t.Fatalf("after unsaved edit: callers %v, want [first second]", got)
	}

	// Closing the never-saved buffer: the disk has no b.ts, so second goes away,
	// and what was indexed before is still there.
	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(root, "b.ts")}})
	if got := c.incomingNames(items[0]); strings.Join(got, ",") != "first" {
		t.Fatalf("after close: callers %v, want [first]", got)
	}
}

func TestBadPositionsAndFiles(t *testing.T) {
	root := writeTree(t, map[string]string{
		"lib.ts":    libTS,
		"caller.ts": "import { target } from './lib';\nexport function ok() { return target(); }\n",
		"broken.ts": "import { target } from './lib';\nexport function stillParsed() { return target(); }\nexport function (((\n",
		"empty.ts":  "",
		"latin1.py": "def caf\xe9():\n    pass\n\ndef uses():\n    return target()\n",
		"binary.ts": "\x00\x01\x02 function target() {}",
		"notes.txt": "target()",
	})
	c := startServer(t, root, server.Options{})
	lib := uriOf(root, "lib.ts")
	items := c.prepare(lib, 0, 17)
	if len(items) != 1 {
		t.Fatalf("prepare target: %d items", len(items))
	}
	// A file with a syntax error still contributes what parses.
	if got := strings.Join(c.incomingNames(items[0]), ","); got != "stillParsed,ok" {
		t.Errorf("callers %q, want stillParsed,ok in location order (the broken file's good part counts; binary files are skipped)", got)
	}
	if got := c.prepare(lib, 0, 200); len(got) != 0 && got[0].Name != "target" {
		t.Errorf("past the end of the line: got %v", itemNames(got))
	}
	if got := c.prepare(lib, 99, 0); len(got) != 0 {
		t.Errorf("past the end of the file: got %v, want nothing", itemNames(got))
	}
	if got := c.prepare(lib, 1, 0); len(got) != 0 {
		t.Errorf("on whitespace: got %v, want nothing", itemNames(got))
	}
	if got := c.prepare(uriOf(root, "empty.ts"), 0, 0); len(got) != 0 {
		t.Errorf("empty file: got %v", itemNames(got))
	}
	if got := c.prepare(uriOf(root, "notes.txt"), 0, 0); len(got) != 0 {
		t.Errorf("unsupported language: got %v", itemNames(got))
	}
	// Invalid UTF-8 in a Python file: the server answers and positions stay sane.
	if got := c.prepare(uriOf(root, "latin1.py"), 3, 5); len(got) != 1 || got[0].Name != "uses" {
		t.Errorf("invalid UTF-8 file: got %v, want [uses]", itemNames(got))
	}
	// A file deleted on disk while open in the editor is answered from the buffer.
	if err := os.Remove(filepath.Join(root, "caller.ts")); err != nil {
		t.Fatal(err)
	}
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uriOf(root, "caller.ts"), LanguageID: "typescript", Version: 1,
		Text: "import { target } from './lib';\nexport function ok() { return target(); }\n"}})
	if got := c.prepare(uriOf(root, "caller.ts"), 1, 17); len(got) != 1 || got[0].Name != "ok" {
		t.Errorf("deleted-but-open file: got %v, want [ok]", itemNames(got))
	}
	if got := strings.Join(c.incomingNames(items[0]), ","); got != "stillParsed,ok" {
		t.Errorf("after bad requests, callers %q: nothing indexed may be lost", got)
	}
}

func TestUTF16PositionsThroughTheServer(t *testing.T) {
	// CJK and emoji before the call, CRLF line endings.
	src := "import { target } from './lib';\r\nexport function wide() {\r\n  const s = '日本語😀'; return target();\r\n}\r\n"
	root := writeTree(t, map[string]string{"lib.ts": libTS, "wide.ts": src})
	c := startServer(t, root, server.Options{})
	items := c.prepare(uriOf(root, "lib.ts"), 0, 17)
	if len(items) != 1 {
		t.Fatal("no target")
	}
	var calls []protocol.CallHierarchyIncomingCall
	if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: items[0]}, &calls); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || len(calls[0].FromRanges) != 1 {
		t.Fatalf("calls: %+v", calls)
	}
	// "  const s = '" is 13 units, 日本語 3, 😀 2 (a surrogate pair), "'; return " 10: 28.
	want := protocol.Range{Start: protocol.Position{Line: 2, Character: 28}, End: protocol.Position{Line: 2, Character: 34}}
	if calls[0].FromRanges[0] != want {
		t.Errorf("fromRange %v, want %v", calls[0].FromRanges[0], want)
	}
	// And the cursor on that call, in UTF-16 units, prepares target.
	if got := c.prepare(uriOf(root, "wide.ts"), 2, 30); len(got) != 1 || got[0].Name != "target" {
		t.Errorf("prepare on the call after CJK/emoji: got %v", itemNames(got))
	}
}
