package embedded

import (
	"encoding/binary"
	"errors"

	"github.com/callcascade/callcascade/treesitter"
)

// Spans and argument lists are stored as small varint blobs rather than as
// JSON or a dozen integer columns: CallsByCallee and Symbol sit on the hot
// path of every call-hierarchy request, and decoding a few varints is far
// cheaper than database/sql converting twelve columns or encoding/json
// reflecting over a struct.

var errCorruptBlob = errors.New("embedded: corrupt encoded value")

func appendSpan(b []byte, s treesitter.Span) []byte {
	b = binary.AppendUvarint(b, uint64(s.Start.Line))
	b = binary.AppendUvarint(b, uint64(s.Start.Character))
	b = binary.AppendUvarint(b, uint64(s.End.Line))
	b = binary.AppendUvarint(b, uint64(s.End.Character))
	b = binary.AppendUvarint(b, uint64(s.StartByte))
	b = binary.AppendUvarint(b, uint64(s.EndByte))
	return b
}

// spanReader decodes a sequence of varints and remembers the first error, so
// callers decode several values and check once.
type spanReader struct {
	b   []byte
	err error
}

func (r *spanReader) uint32() uint32 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > 1<<32-1 {
		r.err = errCorruptBlob
		return 0
	}
	r.b = r.b[n:]
	return uint32(v)
}

func (r *spanReader) span() treesitter.Span {
	var s treesitter.Span
	s.Start.Line = r.uint32()
	s.Start.Character = r.uint32()
	s.End.Line = r.uint32()
	s.End.Character = r.uint32()
	s.StartByte = r.uint32()
	s.EndByte = r.uint32()
	return s
}

func decodeSpan(b []byte) (treesitter.Span, error) {
	r := spanReader{b: b}
	s := r.span()
	return s, r.err
}

// encodeStrings returns nil for an empty list so the column stays NULL.
func encodeStrings(list []string) []byte {
	if len(list) == 0 {
		return nil
	}
	size := binary.MaxVarintLen32
	for _, s := range list {
		size += binary.MaxVarintLen32 + len(s)
	}
	b := make([]byte, 0, size)
	b = binary.AppendUvarint(b, uint64(len(list)))
	for _, s := range list {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return b
}

func decodeStrings(b []byte) ([]string, error) {
	if len(b) == 0 {
		return nil, nil
	}
	count, n := binary.Uvarint(b)
	if n <= 0 || count > uint64(len(b)) {
		return nil, errCorruptBlob
	}
	b = b[n:]
	list := make([]string, 0, count)
	for range count {
		l, n := binary.Uvarint(b)
		if n <= 0 || l > uint64(len(b)-n) {
			return nil, errCorruptBlob
		}
		list = append(list, string(b[n:n+int(l)]))
		b = b[n+int(l):]
	}
	return list, nil
}
