package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"testing"

	"go.lsp.dev/jsonrpc2"
)

type bufConn struct{ bytes.Buffer }

func (*bufConn) Close() error { return nil }

// A message is framed with its own encoding, byte for byte what
// json.Marshal gives (without json.Marshal's second pass over it), and
// reads back as the same message.
func TestStreamWritesMessagesAsJSONMarshalWould(t *testing.T) {
	resp, err := jsonrpc2.NewResponse(jsonrpc2.NewNumberID(7), []map[string]any{{"name": "run", "kind": 12}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	notif, err := jsonrpc2.NewNotification("window/logMessage", map[string]any{"type": 4, "message": "a \"quoted\" line"})
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range []jsonrpc2.Message{resp, notif} {
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
