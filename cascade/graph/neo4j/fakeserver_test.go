package neo4j_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"sync"
	"testing"
	"time"
)

// fakeServer is a loopback listener that treats each connection with
// handle; Close ends every connection and waits for its goroutines.
type fakeServer struct {
	ln     net.Listener
	handle func(net.Conn, <-chan struct{})
	stop   chan struct{}
	wg     sync.WaitGroup
	mu     sync.Mutex
	conns  []net.Conn
	closed bool
}

func startServer(t *testing.T, handle func(conn net.Conn, stop <-chan struct{})) *fakeServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &fakeServer{ln: ln, handle: handle, stop: make(chan struct{})}
	s.wg.Add(1)
	go s.serve()
	t.Cleanup(s.Close)
	return s
}

func (s *fakeServer) Addr() string { return s.ln.Addr().String() }

func (s *fakeServer) serve() {
	defer s.wg.Done()
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			conn.Close()
			return
		}
		s.conns = append(s.conns, conn)
		s.wg.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.wg.Done()
			defer conn.Close()
			s.handle(conn, s.stop)
		}()
	}
}

func (s *fakeServer) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.stop)
	s.ln.Close()
	for _, c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// refusedAddr is a loopback address nothing listens on.
func refusedAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// silent accepts and never answers (it reads, so the client's writes
// succeed, and discards).
func silent(conn net.Conn, stop <-chan struct{}) {
	io.Copy(io.Discard, conn)
}

// slow reads the handshake and answers it only after delay.
func slow(delay time.Duration) func(net.Conn, <-chan struct{}) {
	return func(conn net.Conn, stop <-chan struct{}) {
		buf := make([]byte, 20)
		if _, err := io.ReadFull(conn, buf); err != nil {
			return
		}
		select {
		case <-time.After(delay):
			conn.Write([]byte{0, 0, 0, 5})
		case <-stop:
			return
		}
		io.Copy(io.Discard, conn)
	}
}

// closeMidHandshake reads part of the client's handshake and hangs up.
func closeMidHandshake(conn net.Conn, stop <-chan struct{}) {
	buf := make([]byte, 6)
	io.ReadFull(conn, buf)
}

// garbage answers the handshake with bytes no Bolt server sends.
func garbage(conn net.Conn, stop <-chan struct{}) {
	buf := make([]byte, 20)
	if _, err := io.ReadFull(conn, buf); err != nil {
		return
	}
	conn.Write([]byte("\x13\x37\xde\xad\xbe\xef garbage \x00\xff\xfe"))
	io.Copy(io.Discard, conn)
}

// boltAuthFailure is a minimal Bolt server for one error path: it
// completes the handshake (magic 0x6060B017 and four version proposals;
// it picks 5.0), reads the first message (HELLO, which in Bolt 5.0
// carries the credentials) and answers FAILURE with the code Neo4j uses
// for rejected credentials. Messages are PackStream structures sent in
// chunks: a two-byte big-endian length, the bytes, and a zero chunk.
func boltAuthFailure(conn net.Conn, stop <-chan struct{}) {
	hs := make([]byte, 20)
	if _, err := io.ReadFull(conn, hs); err != nil {
		return
	}
	if !bytes.Equal(hs[:4], []byte{0x60, 0x60, 0xb0, 0x17}) {
		return
	}
	if _, err := conn.Write([]byte{0x00, 0x00, 0x00, 0x05}); err != nil {
		return
	}
	if _, err := readMessage(conn); err != nil {
		return
	}
	conn.Write(chunk(failure("Neo.ClientError.Security.Unauthorized", "The client is unauthorized due to authentication failure.")))
	// A driver may send GOODBYE or RESET before hanging up; read until it does.
	io.Copy(io.Discard, conn)
}

// readMessage reads one chunked Bolt message.
func readMessage(r io.Reader) ([]byte, error) {
	var msg []byte
	for {
		var size uint16
		if err := binary.Read(r, binary.BigEndian, &size); err != nil {
			return nil, err
		}
		if size == 0 {
			if len(msg) == 0 {
				continue // a NOOP chunk between messages
			}
			return msg, nil
		}
		buf := make([]byte, size)
		if _, err := io.ReadFull(r, buf); err != nil {
			return nil, err
		}
		msg = append(msg, buf...)
	}
}

func chunk(msg []byte) []byte {
	if len(msg) > 0xffff {
		panic(errors.New("message too long for one chunk"))
	}
	out := binary.BigEndian.AppendUint16(nil, uint16(len(msg)))
	out = append(out, msg...)
	return append(out, 0, 0)
}

// failure packs FAILURE {code, message}: a structure of one field (0xB1)
// with signature 0x7F, the field a two-entry map (0xA2) of strings.
func failure(code, message string) []byte {
	out := []byte{0xb1, 0x7f, 0xa2}
	for _, s := range []string{"code", code, "message", message} {
		out = appendString(out, s)
	}
	return out
}

func appendString(b []byte, s string) []byte {
	switch n := len(s); {
	case n < 16:
		b = append(b, 0x80|byte(n))
	case n < 256:
		b = append(b, 0xd0, byte(n))
	default:
		b = append(b, 0xd1)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	}
	return append(b, s...)
}

// boltEmpty is a minimal Bolt 5.0 server that accepts any credentials and
// answers every query with no records: a Neo4j that is up and holds no
// index for the repository. It answers SUCCESS to every request message,
// with the fields RUN and PULL need, and hangs up on GOODBYE.
func boltEmpty(conn net.Conn, stop <-chan struct{}) {
	hs := make([]byte, 20)
	if _, err := io.ReadFull(conn, hs); err != nil || !bytes.Equal(hs[:4], []byte{0x60, 0x60, 0xb0, 0x17}) {
		return
	}
	if _, err := conn.Write([]byte{0x00, 0x00, 0x00, 0x05}); err != nil {
		return
	}
	for {
		msg, err := readMessage(conn)
		if err != nil || len(msg) < 2 {
			return
		}
		var meta map[string]any
		switch msg[1] { // the structure's signature
		case 0x01: // HELLO
			meta = map[string]any{"server": "Neo4j/5.0.0", "connection_id": "bolt-1"}
		case 0x02: // GOODBYE
			return
		case 0x10: // RUN
			meta = map[string]any{"fields": []string{"json"}, "t_first": int64(0)}
		case 0x3f: // PULL
			meta = map[string]any{"has_more": false, "t_last": int64(0), "type": "r", "db": "neo4j"}
		case 0x12: // COMMIT
			meta = map[string]any{"bookmark": "fake:1"}
		default: // BEGIN, RESET, ROLLBACK, DISCARD, ROUTE, ...
			meta = map[string]any{}
		}
		if _, err := conn.Write(chunk(success(meta))); err != nil {
			return
		}
	}
}

// success packs SUCCESS {meta}.
func success(meta map[string]any) []byte {
	return appendValue([]byte{0xb1, 0x70}, meta)
}

// appendValue packs the few PackStream types the fake servers send.
func appendValue(b []byte, v any) []byte {
	switch v := v.(type) {
	case string:
		return appendString(b, v)
	case bool:
		if v {
			return append(b, 0xc3)
		}
		return append(b, 0xc2)
	case int64:
		if v >= -16 && v < 128 {
			return append(b, byte(v))
		}
		b = append(b, 0xcb)
		return binary.BigEndian.AppendUint64(b, uint64(v))
	case []string:
		if len(v) >= 16 {
			panic("list too long for the fake server")
		}
		b = append(b, 0x90|byte(len(v)))
		for _, s := range v {
			b = appendString(b, s)
		}
		return b
	case map[string]any:
		if len(v) >= 16 {
			panic("map too large for the fake server")
		}
		b = append(b, 0xa0|byte(len(v)))
		for k, x := range v {
			b = appendString(b, k)
			b = appendValue(b, x)
		}
		return b
	}
	panic("no PackStream encoding for this value in the fake server")
}

// switchable lets a test change what a fake server does to new
// connections (a backend going down, coming back).
type switchable struct {
	mu sync.Mutex
	h  func(net.Conn, <-chan struct{})
}

func (s *switchable) set(h func(net.Conn, <-chan struct{})) {
	s.mu.Lock()
	s.h = h
	s.mu.Unlock()
}

func (s *switchable) handle(conn net.Conn, stop <-chan struct{}) {
	s.mu.Lock()
	h := s.h
	s.mu.Unlock()
	h(conn, stop)
}

// boltRecorder is boltEmpty that also records, per connection, the
// transaction boundaries and the text of every query it is sent.
type boltRecorder struct {
	mu  sync.Mutex
	log []string // "BEGIN", "COMMIT", "ROLLBACK", or the query text of a RUN
}

func (r *boltRecorder) entries() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.log...)
}

func (r *boltRecorder) handle(conn net.Conn, stop <-chan struct{}) {
	boltEmpty(&recordingConn{Conn: conn, r: r}, stop)
}

// recordingConn notes each request message boltEmpty reads through it.
type recordingConn struct {
	net.Conn
	r       *boltRecorder
	pending []byte
	started bool
}

func (c *recordingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.pending = append(c.pending, p[:n]...)
	if !c.started {
		if len(c.pending) < 20 {
			return n, err
		}
		c.pending, c.started = c.pending[20:], true // the handshake
	}
	for {
		msg, rest, ok := splitMessage(c.pending)
		if !ok {
			break
		}
		c.pending = rest
		c.r.note(msg)
	}
	return n, err
}

func (r *boltRecorder) note(msg []byte) {
	if len(msg) < 2 {
		return
	}
	entry := ""
	switch msg[1] {
	case 0x11:
		entry = "BEGIN"
	case 0x12:
		entry = "COMMIT"
	case 0x13:
		entry = "ROLLBACK"
	case 0x10:
		entry, _ = unpackString(msg[2:])
	default:
		return
	}
	r.mu.Lock()
	r.log = append(r.log, entry)
	r.mu.Unlock()
}

// splitMessage takes one whole chunked message off the front of b.
func splitMessage(b []byte) (msg, rest []byte, ok bool) {
	for i := 0; ; {
		if len(b) < i+2 {
			return nil, b, false
		}
		size := int(binary.BigEndian.Uint16(b[i:]))
		i += 2
		if size == 0 {
			if len(msg) == 0 {
				b, i = b[i:], 0 // a NOOP chunk
				continue
			}
			return msg, b[i:], true
		}
		if len(b) < i+size {
			return nil, b, false
		}
		msg = append(msg, b[i:i+size]...)
		i += size
	}
}

// unpackString reads a PackStream string.
func unpackString(b []byte) (string, bool) {
	if len(b) == 0 {
		return "", false
	}
	n, head := 0, 0
	switch m := b[0]; {
	case m&0xf0 == 0x80:
		n, head = int(m&0x0f), 1
	case m == 0xd0 && len(b) >= 2:
		n, head = int(b[1]), 2
	case m == 0xd1 && len(b) >= 3:
		n, head = int(binary.BigEndian.Uint16(b[1:])), 3
	case m == 0xd2 && len(b) >= 5:
		n, head = int(binary.BigEndian.Uint32(b[1:])), 5
	default:
		return "", false
	}
	if len(b) < head+n {
		return "", false
	}
	return string(b[head : head+n]), true
}
