package server_test

// arrivalStream is jsonrpc2's framing with one addition: it notes when the
// last byte of each response arrived, before the message is decoded. The
// latency harness reports, beside the time to a decoded answer, the time to
// its last byte: what the server controls. For a 3.5 MB answer (6,557
// callers) the client's own JSON decoding is most of the first; how long it
// takes depends on the client (Go's encoding/json, Node's JSON.parse,
// Neovim's decoder), not on the server.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
)

type arrivalStream struct {
	jsonrpc2.Stream // writes and closes
	in              *bufio.Reader

	mu      sync.Mutex
	arrived map[string]time.Time // response ID (its JSON text) → last byte read
}

func newArrivalStream(rwc io.ReadWriteCloser) *arrivalStream {
	return &arrivalStream{Stream: jsonrpc2.NewStream(rwc), in: bufio.NewReader(rwc), arrived: map[string]time.Time{}}
}

func (s *arrivalStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	var total, length int64
	for {
		line, err := s.in.ReadString('\n')
		total += int64(len(line))
		if err != nil {
			return nil, total, fmt.Errorf("read header line: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, total, fmt.Errorf("invalid header line %q", line)
		}
		if strings.EqualFold(strings.TrimSpace(name), jsonrpc2.HdrContentLength) {
			if length, err = strconv.ParseInt(strings.TrimSpace(value), 10, 32); err != nil || length <= 0 {
				return nil, total, fmt.Errorf("invalid %s %q", jsonrpc2.HdrContentLength, value)
			}
		}
	}
	if length == 0 {
		return nil, total, fmt.Errorf("missing %s header", jsonrpc2.HdrContentLength)
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, total, fmt.Errorf("read body: %w", err)
	}
	at := time.Now()
	total += length
	msg, err := jsonrpc2.DecodeMessage(data)
	if r, ok := msg.(*jsonrpc2.Response); ok {
		id := r.ID()
		if key, kerr := id.MarshalJSON(); kerr == nil {
			s.mu.Lock()
			s.arrived[string(key)] = at
			s.mu.Unlock()
		}
	}
	return msg, total, err
}

// takeArrival returns (and forgets) when the response to id arrived.
func (s *arrivalStream) takeArrival(id jsonrpc2.ID) (time.Time, bool) {
	key, err := id.MarshalJSON()
	if err != nil {
		return time.Time{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	at, ok := s.arrived[string(key)]
	delete(s.arrived, string(key))
	return at, ok
}
