package server_test

import (
	"context"
	"net"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/server"
)

// A request sent right after initialized is answered with the settings the
// client holds, not the defaults: the server waits for its first
// workspace/configuration pull. Here the client takes its time to answer
// that pull; the call hierarchy request must not be answered before it.
func TestFirstAnswerWaitsForTheClientsSettings(t *testing.T) {
	root, err := filepath.Abs("../testdata/go-interfaces2")
	if err != nil {
		t.Fatal(err)
	}
	storeDir := t.TempDir()
	opts := server.Options{
		RequestTimeout: time.Minute,
		OpenStore: func(root string) (graph.Store, error) {
			return embedded.Open(filepath.Join(storeDir, "graph.db"), embedded.Options{})
		},
	}
	serverSide, clientSide := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- server.Serve(ctx, serverSide, opts) }()
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(clientSide))
	var settingsGiven atomic.Bool
	conn.Go(ctx, func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == "workspace/configuration" {
			go func() {
				time.Sleep(300 * time.Millisecond) // an editor busy starting up
				settingsGiven.Store(true)
				_ = reply(ctx, []any{map[string]any{"graphTimeoutMs": 10000, "budgetMs": 30000}}, nil)
			}()
			return nil
		}
		return reply(ctx, nil, nil)
	})
	t.Cleanup(func() {
		cancel()
		conn.Close()
		<-served
	})
	var res protocol.InitializeResult
	if _, err := conn.Call(ctx, "initialize", &protocol.InitializeParams{
		RootURI:      handlers.URIFromPath(root),
		Capabilities: protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{Configuration: true}},
	}, &res); err != nil {
		t.Fatal(err)
	}
	if err := conn.Notify(ctx, "initialized", struct{}{}); err != nil {
		t.Fatal(err)
	}
	var items []protocol.CallHierarchyItem
	file := filepath.Join(root, "box", "box.go")
	if _, err := conn.Call(ctx, "textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: handlers.URIFromPath(file)},
			Position:     protocol.Position{Line: 6, Character: 22},
		},
	}, &items); err != nil {
		t.Fatal(err)
	}
	if !settingsGiven.Load() {
		t.Fatal("the first request was answered before the client's settings were given")
	}
	if len(items) != 1 || items[0].Name != "AddNew" {
		t.Fatalf("prepare at Container.AddNew gave %+v", items)
	}
}
