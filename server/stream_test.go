package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"go.lsp.dev/protocol"

	"go.lsp.dev/jsonrpc2"
)

type bufConn struct{ bytes.Buffer }

func (*bufConn) Close() error { return nil }

// A message is framed with its own encoding (a response's result as
// jsonrpc2 encoded it, not encoded again), byte for byte what json.Marshal
// gives, and reads back as the same message.
func TestStreamWritesMessagesAsJSONMarshalWould(t *testing.T) {
	resp, err := jsonrpc2.NewResponse(jsonrpc2.NewNumberID(7), []map[string]any{{"name": "run", "kind": 12}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	notif, err := jsonrpc2.NewNotification("window/logMessage", map[string]any{"type": 4, "message": "a \"quoted\" line"})
	if err != nil {
		t.Fatal(err)
	}
	byName, err := jsonrpc2.NewResponse(jsonrpc2.NewStringID("req-\"9\""), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	failed, err := jsonrpc2.NewResponse(jsonrpc2.NewNumberID(8), nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "no such item"))
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range []jsonrpc2.Message{resp, byName, failed, notif} {
		var conn bufConn
		s := newResilientStream(&conn)
		if _, err := s.Write(context.Background(), msg); err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(msg)
		if err != nil {
			t.Fatal(err)
		}
		frame := conn.String()
		if wantFrame := "Content-Length: " + itoa(len(want)) + "\r\n\r\n" + string(want); frame != wantFrame {
			t.Errorf("frame %q, want %q", frame, wantFrame)
		}
		back, _, err := newResilientStream(&bufConn{Buffer: *bytes.NewBufferString(frame)}).Read(context.Background())
		if err != nil && err != io.EOF {
			t.Fatal(err)
		}
		if got, _ := json.Marshal(back); !bytes.Equal(got, want) {
			t.Errorf("read back %s, want %s", got, want)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// BenchmarkStreamWriteLargeAnswer frames an answer the size of a Go SDK
// name with 6,557 callers (about 3.7 MB): what the server spends after the
// handler returns.
func BenchmarkStreamWriteLargeAnswer(b *testing.B) {
	calls := make([]protocol.CallHierarchyIncomingCall, 6557)
	for i := range calls {
		r := protocol.Range{Start: protocol.Position{Line: uint32(i), Character: 4}, End: protocol.Position{Line: uint32(i + 20), Character: 1}}
		calls[i] = protocol.CallHierarchyIncomingCall{
			From: protocol.CallHierarchyItem{
				Name: fmt.Sprintf("TestClient_NewClientWithStsRoleName%d", i), Kind: protocol.SymbolKindFunction, Detail: "precise (ast)",
				URI: protocol.DocumentURI(fmt.Sprintf("file:///work/cache/bench/aliyun-7k/services/ecs/client_%d_test.go", i)), Range: r, SelectionRange: r,
				Data: map[string]string{"symbolId": fmt.Sprintf("services/ecs/client_%d_test.go#TestClient_NewClientWithStsRoleName%d", i, i), "root": "/work/cache/bench/aliyun-7k"},
			},
			FromRanges: []protocol.Range{r},
		}
	}
	resp, err := jsonrpc2.NewResponse(jsonrpc2.NewNumberID(42), calls, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var conn bufConn
		n, err := newResilientStream(&conn).Write(context.Background(), resp)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(n)
	}
}
