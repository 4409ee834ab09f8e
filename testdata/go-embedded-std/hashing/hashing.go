package hashing

import (
	"crypto/md5"
	"io"

	"example.com/goembeddedstd/relay"
)

// Sum imports relay: a hash.Hash's Write is io.Writer's (hash.Hash embeds
// it), a caller of resp.Resp's Write as gopls searches; so is a call
// through sink, this package's interface embedding io.Writer.
func Sum(p []byte, s sink) []byte { // @def(sum, "Sum")
	h := md5.New()
	h.Write(p) // @site(sumWrite, "Write")
	s.Write(p) // @site(sinkWrite, "Write") @dispatch(sum, respWrite, sumWrite, sinkWrite)
	relay.Copy(h, p)
	return h.Sum(nil)
}

// sink has a Close none of the fixture's types has: none implements it,
// and its Write is still io.Writer's.
type sink interface {
	io.Writer
	io.Closer
}
