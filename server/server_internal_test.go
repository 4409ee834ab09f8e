package server

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
)

func newTestServer(t *testing.T) *Server {
	dir := t.TempDir()
	return New(Options{OpenStore: func(root string) (graph.Store, error) {
		return embedded.Open(filepath.Join(dir, "graph.db"), embedded.Options{})
	}})
}

func initialize(c *rawClient, root string) {
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file://` + root + `","capabilities":{}}}`)
	if m := c.response("1"); m["error"] != nil {
		c.t.Fatalf("initialize: %v", m["error"])
	}
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
}

func TestCancelNumericAndStringIDs(t *testing.T) {
	s := newTestServer(t)
	var mu sync.Mutex
	started := map[string]chan struct{}{}
	s.beforeRequest = func(ctx context.Context, method string) {
		if method != "textDocument/prepareCallHierarchy" {
			return
		}
		mu.Lock()
		ch := started[method]
		mu.Unlock()
		ch <- struct{}{}
		<-ctx.Done() // a request that only ends when cancelled
	}
	c := newRawClient(t, s)
	initialize(c, t.TempDir())
	for _, id := range []string{`42`, `"req-7"`} {
		ch := make(chan struct{}, 1)
		mu.Lock()
		started["textDocument/prepareCallHierarchy"] = ch
		mu.Unlock()
		c.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"textDocument/prepareCallHierarchy","params":{"textDocument":{"uri":"file:///nowhere/x.ts"},"position":{"line":0,"character":0}}}`)
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Fatalf("request %s never started", id)
		}
		c.send(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":` + id + `}}`)
		m := c.response(id)
		if got := errorCode(m); got != -32800 {
			t.Errorf("id %s: error code %d, want -32800 (RequestCancelled); response %v", id, got, m)
		}
	}
}

func TestPanicInRequestKeepsServerAlive(t *testing.T) {
	s := newTestServer(t)
	s.beforeRequest = func(ctx context.Context, method string) {
		if method == "callHierarchy/incomingCalls" {
			panic("boom")
		}
	}
	c := newRawClient(t, s)
	initialize(c, t.TempDir())
	c.send(`{"jsonrpc":"2.0","id":2,"method":"callHierarchy/incomingCalls","params":{"item":{"name":"x","kind":12,"uri":"file:///x.ts","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"selectionRange":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}}}}}`)
	if got := errorCode(c.response("2")); got != -32603 {
		t.Errorf("panicking request: error code %d, want -32603 (InternalError)", got)
	}
	c.send(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`)
	if m := c.response("3"); m["error"] != nil {
		t.Errorf("server did not survive the panic: %v", m)
	}
}

func TestBadInputOverTheWire(t *testing.T) {
	c := newRawClient(t, newTestServer(t))
	// Before initialize: ServerNotInitialized.
	c.send(`{"jsonrpc":"2.0","id":1,"method":"textDocument/prepareCallHierarchy","params":{}}`)
	if got := errorCode(c.response("1")); got != -32002 {
		t.Errorf("before initialize: code %d, want -32002", got)
	}
	c.send(`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"processId":null,"rootUri":"file://` + t.TempDir() + `","capabilities":{}}}`)
	c.response("2")
	cases := []struct {
		name, body, id string
		code           int
	}{
		{"malformed JSON (id unreadable, so null)", `{"jsonrpc":"2.0","id":3,"method":`, "null", -32700},
		{"valid JSON, not a message", `{"jsonrpc":"2.0","id":10,"method":17}`, "10", -32700},
		{"not JSON at all", `\x00\x01garbage`, "null", -32700},
		{"unknown method", `{"jsonrpc":"2.0","id":4,"method":"textDocument/unheardOf","params":{}}`, "4", -32601},
		{"params of the wrong shape", `{"jsonrpc":"2.0","id":5,"method":"callHierarchy/incomingCalls","params":{"item":7}}`, "5", -32602},
		{"untitled URI", `{"jsonrpc":"2.0","id":6,"method":"textDocument/prepareCallHierarchy","params":{"textDocument":{"uri":"untitled:Untitled-1"},"position":{"line":0,"character":0}}}`, "6", -32602},
		{"file outside the workspace", `{"jsonrpc":"2.0","id":7,"method":"textDocument/prepareCallHierarchy","params":{"textDocument":{"uri":"file:///etc/passwd.ts"},"position":{"line":0,"character":0}}}`, "7", -32602},
		{"missing params", `{"jsonrpc":"2.0","id":"s8","method":"callHierarchy/outgoingCalls"}`, `"s8"`, -32602},
	}
	for _, tc := range cases {
		c.send(tc.body)
		if got := errorCode(c.response(tc.id)); got != tc.code {
			t.Errorf("%s: code %d, want %d", tc.name, got, tc.code)
		}
	}
	c.send(`{"jsonrpc":"2.0","id":9,"method":"shutdown"}`)
	if m := c.response("9"); m["error"] != nil {
		t.Errorf("server did not survive bad input: %v", m)
	}
}
