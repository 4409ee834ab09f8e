package relay

import (
	"io"
	"net/http"
)

// writeFlusher embeds io.Writer: resp.Resp implements it, so gopls searches
// the packages that import this one for calls of io.Writer's Write (not
// this one, which does not import resp).
type writeFlusher interface {
	io.Writer
	http.Flusher
}

func Relay(dst writeFlusher, p []byte) { // @def(relay, "Relay")
	dst.Write(p) // @site(relayWrite, "Write") @dispatch(relay, delayWrite, relayWrite)
	dst.Flush()
}

func Copy(dst io.Writer, p []byte) { // @def(copyTo, "Copy")
	dst.Write(p) // @site(copyWrite, "Write") @dispatch(copyTo, delayWrite, copyWrite)
}

// Delay has no Flush: it is no writeFlusher, but an io.Writer, which
// declares the Write a writeFlusher's is. In its own package gopls lists
// the calls through either among its Write's callers.
type Delay struct{ dst writeFlusher }

func (d *Delay) Write(p []byte) (int, error) { // @def(delayWrite, "Write")
	return d.dst.Write(p) // @site(delayDst, "Write") @dispatch(delayWrite, delayWrite, delayDst)
}
