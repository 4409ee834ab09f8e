package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawClient writes and reads LSP frames by hand, so tests can send what a
// well-behaved jsonrpc2 client never would: string ids, garbage bodies.
type rawClient struct {
	t    *testing.T
	conn net.Conn
	in   *bufio.Reader
	msgs chan map[string]any
}

func newRawClient(t *testing.T, s *Server) *rawClient {
	t.Helper()
	serverSide, clientSide := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, serverSide) }()
	c := &rawClient{t: t, conn: clientSide, in: bufio.NewReader(clientSide), msgs: make(chan map[string]any, 64)}
	go c.readLoop()
	t.Cleanup(func() {
		cancel()
		clientSide.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("server did not stop")
		}
	})
	return c
}

func (c *rawClient) send(body string) {
	c.t.Helper()
	if _, err := fmt.Fprintf(c.conn, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatalf("send: %v", err)
	}
}

func (c *rawClient) readLoop() {
	defer close(c.msgs)
	for {
		length := 0
		for {
			line, err := c.in.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length:"); ok {
				length, _ = strconv.Atoi(strings.TrimSpace(v))
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(c.in, body); err != nil {
			return
		}
		var m map[string]any
		if json.Unmarshal(body, &m) == nil {
			c.msgs <- m
		}
	}
}

// response waits for the response with the given id (as JSON text: 7 or "x"),
// answering server→client requests on the way.
func (c *rawClient) response(id string) map[string]any {
	c.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatalf("connection closed while waiting for response %s", id)
			}
			raw, _ := json.Marshal(m["id"])
			if _, isReq := m["method"]; isReq {
				if m["id"] != nil {
					c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":null}`, raw))
				}
				continue
			}
			if string(raw) == id {
				return m
			}
		case <-timeout:
			c.t.Fatalf("no response %s", id)
		}
	}
}

func errorCode(m map[string]any) int {
	e, ok := m["error"].(map[string]any)
	if !ok {
		return 0
	}
	code, _ := e["code"].(float64)
	return int(code)
}
