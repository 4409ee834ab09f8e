package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// maxMessageSize bounds one JSON-RPC message; larger ones are refused.
const maxMessageSize = 64 << 20

// resilientStream frames LSP messages like jsonrpc2.NewStream, but answers a
// body that is not valid JSON-RPC with a parse error and reads on, where
// jsonrpc2's stream would fail the whole connection.
type resilientStream struct {
	conn io.ReadWriteCloser
	in   *bufio.Reader
	wmu  sync.Mutex
}

func newResilientStream(conn io.ReadWriteCloser) *resilientStream {
	return &resilientStream{conn: conn, in: bufio.NewReader(conn)}
}

func (s *resilientStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		body, n, err := s.readFrame()
		if err != nil {
			return nil, n, err
		}
		msg, err := jsonrpc2.DecodeMessage(body)
		if err == nil {
			return msg, n, nil
		}
		// Answer with id null (the id could not be read) and keep serving.
		s.writeRaw(errorResponse(idOf(body), jsonrpc2.ParseError, "malformed JSON-RPC message: "+err.Error()))
	}
}

func idOf(body []byte) json.RawMessage {
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &probe) == nil && len(probe.ID) > 0 {
		return probe.ID
	}
	return json.RawMessage("null")
}

func errorResponse(id json.RawMessage, code jsonrpc2.Code, message string) []byte {
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc2.Error  `json:"error"`
	}{"2.0", id, jsonrpc2.Error{Code: code, Message: message}})
	return b
}

func (s *resilientStream) readFrame() ([]byte, int64, error) {
	var total, length int64
	for {
		line, err := s.in.ReadString('\n')
		total += int64(len(line))
		if err != nil {
			return nil, total, fmt.Errorf("server: read header: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			if length > 0 {
				break
			}
			continue // stray blank lines between messages
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			continue // not a header: skip it rather than die
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			length, err = strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || length <= 0 || length > maxMessageSize {
				return nil, total, fmt.Errorf("server: bad Content-Length %q", value)
			}
		}
	}
	body := make([]byte, length)
	n, err := io.ReadFull(s.in, body)
	total += int64(n)
	if err != nil {
		return nil, total, fmt.Errorf("server: read body: %w", err)
	}
	return body, total, nil
}

func (s *resilientStream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	// jsonrpc2's messages encode themselves, compactly; json.Marshal would
	// call that and then copy and validate the output once more, a pass
	// over megabytes for a name with thousands of callers (3.75 MB for the
	// aliyun SDK's AddAsyncTask).
	var data []byte
	var err error
	if r, ok := msg.(*jsonrpc2.Response); ok && r.Err() == nil && len(r.Result()) > 0 {
		data, err = responseEnvelope(r)
	} else if m, ok := msg.(json.Marshaler); ok {
		data, err = m.MarshalJSON()
	} else {
		data, err = json.Marshal(msg)
	}
	if err != nil {
		return 0, fmt.Errorf("server: marshal message: %w", err)
	}
	return s.writeRaw(data)
}

// responseEnvelope wraps a successful response's result, which jsonrpc2
// has already encoded, without encoding it again: jsonrpc2's own
// MarshalJSON re-validates the raw result, which for a 3.75 MB answer cost
// twice as much as encoding the call items themselves.
func responseEnvelope(r *jsonrpc2.Response) ([]byte, error) {
	rid := r.ID() // ID encodes itself through a pointer only
	id, err := json.Marshal(&rid)
	if err != nil {
		return nil, err
	}
	const head, mid = `{"jsonrpc":"2.0","result":`, `,"id":`
	data := make([]byte, 0, len(head)+len(r.Result())+len(mid)+len(id)+1)
	data = append(data, head...)
	data = append(data, r.Result()...)
	data = append(data, mid...)
	data = append(data, id...)
	return append(data, '}'), nil
}

func (s *resilientStream) writeRaw(data []byte) (int64, error) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	n, err := fmt.Fprintf(s.conn, "Content-Length: %d\r\n\r\n", len(data))
	if err == nil {
		var m int
		m, err = s.conn.Write(data)
		n += m
	}
	return int64(n), err
}

func (s *resilientStream) Close() error { return s.conn.Close() }
