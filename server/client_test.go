package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/server"
)

// testClient is an LSP client over an in-process pipe to the real server.
// It runs its own handler so server→client requests (progress creation)
// never block the server.
type testClient struct {
	t      *testing.T
	conn   jsonrpc2.Conn
	mu     sync.Mutex
	ends   []string // $/progress end messages
	kinds  []string // every $/progress kind, with the percentage of reports: "begin", "report 40", "end"
	noWait bool     // startServer must not wait for indexing to end
	endCh  chan struct{}
	diags  map[protocol.DocumentURI][]protocol.Diagnostic
	served chan error
	// messages are window/showMessage texts, logs window/logMessage texts,
	// shown the URIs of window/showDocument requests.
	messages, logs, shown []string
}

// progressCreateDelay, when a test sets it, is how long the test client
// takes to accept a progress token.
var progressCreateDelay time.Duration

func startServer(t *testing.T, root string, opts server.Options) *testClient {
	t.Helper()
	return startServerWith(t, root, opts, true)
}

func startServerWith(t *testing.T, root string, opts server.Options, waitIndexed bool) *testClient {
	t.Helper()
	// Which stage answers must not depend on how loaded the test machine
	// is: unless a test sets budgets, every stage gets plenty of time.
	st := &opts.Settings
	if st.GraphTimeoutMs == 0 && st.GrepTimeoutMs == 0 && st.KeywordTimeoutMs == 0 && st.BudgetMs == 0 {
		st.GraphTimeoutMs, st.GrepTimeoutMs, st.KeywordTimeoutMs, st.BudgetMs = 10000, 10000, 10000, 30000
	}
	if opts.RequestTimeout == 0 {
		opts.RequestTimeout = time.Minute
	}
	storeDir := t.TempDir()
	if opts.OpenStore == nil {
		opts.OpenStore = func(root string) (graph.Store, error) {
			return embedded.Open(filepath.Join(storeDir, filepath.Base(root)+".db"), embedded.Options{})
		}
	}
	serverSide, clientSide := net.Pipe()
	c := &testClient{t: t, endCh: make(chan struct{}, 16), diags: map[protocol.DocumentURI][]protocol.Diagnostic{}, served: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { c.served <- server.Serve(ctx, serverSide, opts) }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(clientSide))
	c.conn.Go(ctx, c.handle)
	t.Cleanup(func() {
		cancel()
		c.conn.Close()
		select {
		case <-c.served:
		case <-time.After(10 * time.Second):
			t.Error("server did not stop")
		}
	})
	if root != "" {
		abs, err := filepath.Abs(root)
		if err != nil {
			t.Fatal(err)
		}
		var res protocol.InitializeResult
		params := &protocol.InitializeParams{
			RootURI: handlers.URIFromPath(abs),
			Capabilities: protocol.ClientCapabilities{
				Window: &protocol.WindowClientCapabilities{WorkDoneProgress: true},
			},
		}
		if err := c.call("initialize", params, &res); err != nil {
			t.Fatalf("initialize: %v", err)
		}
		if err := c.conn.Notify(ctx, "initialized", struct{}{}); err != nil {
			t.Fatal(err)
		}
		if waitIndexed {
			c.waitIndexed()
		}
	}
	return c
}

func (c *testClient) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	switch req.Method() {
	case "window/workDoneProgress/create":
		if progressCreateDelay > 0 { // an editor slow to answer, busy starting up
			go func() { time.Sleep(progressCreateDelay); _ = reply(ctx, nil, nil) }()
			return nil
		}
		return reply(ctx, nil, nil)
	case "$/progress":
		var p struct {
			Value struct {
				Kind       string `json:"kind"`
				Message    string `json:"message"`
				Percentage *int   `json:"percentage"`
			} `json:"value"`
		}
		_ = json.Unmarshal(req.Params(), &p)
		c.mu.Lock()
		kind := p.Value.Kind
		if kind == "report" && p.Value.Percentage != nil {
			kind = fmt.Sprintf("report %d", *p.Value.Percentage)
		}
		c.kinds = append(c.kinds, kind)
		c.mu.Unlock()
		if p.Value.Kind == "end" {
			c.mu.Lock()
			c.ends = append(c.ends, p.Value.Message)
			c.mu.Unlock()
			c.endCh <- struct{}{}
		}
		return reply(ctx, nil, nil)
	case "textDocument/publishDiagnostics":
		var p protocol.PublishDiagnosticsParams
		_ = json.Unmarshal(req.Params(), &p)
		c.mu.Lock()
		c.diags[p.URI] = p.Diagnostics
		c.mu.Unlock()
		return reply(ctx, nil, nil)
	case "window/showMessage", "window/logMessage":
		var p struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(req.Params(), &p)
		c.mu.Lock()
		if req.Method() == "window/showMessage" {
			c.messages = append(c.messages, p.Message)
		} else {
			c.logs = append(c.logs, p.Message)
		}
		c.mu.Unlock()
		return reply(ctx, nil, nil)
	case "window/showDocument":
		var p struct {
			URI string `json:"uri"`
		}
		_ = json.Unmarshal(req.Params(), &p)
		c.mu.Lock()
		c.shown = append(c.shown, p.URI)
		c.mu.Unlock()
		return reply(ctx, map[string]bool{"success": true}, nil)
	}
	return reply(ctx, nil, nil)
}

func (c *testClient) waitIndexed() {
	c.t.Helper()
	select {
	case <-c.endCh:
	case <-time.After(60 * time.Second):
		c.t.Fatal("indexing did not finish (no $/progress end)")
	}
}

func (c *testClient) call(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := c.conn.Call(ctx, method, params, result)
	return err
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatal(err)
	}
}
