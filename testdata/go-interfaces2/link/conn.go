package link

import (
	"context"
	"io"
	"net"
	"os"
)

// Conn embeds net.Conn and declares its own Close: *Conn implements
// net.Conn (and io.Closer), so a call of Close on a net.Conn value in this
// package may run Conn.Close, and gopls lists it.
type Conn struct {
	net.Conn
	done bool
}

func (c *Conn) Close() error { // @def(connClose, "Close") @callers(connClose, abort, stop, dial, dialContext, serve, closeAll, closeCloser)
	c.done = true
	return nil
}

// abort closes the embedded connection: a net.Conn's Close.
func (c *Conn) abort() { // @def(abort, "abort")
	_ = c.Conn.Close() // @site(abortClose, "Close") @dispatch(abort, connClose, abortClose)
}

// Link holds a net.Conn in a field.
type Link struct {
	conn net.Conn
	ln   net.Listener
}

func (l *Link) Stop() error { // @def(stop, "Stop")
	return l.conn.Close() // @site(stopClose, "Close") @dispatch(stop, connClose, stopClose)
}

// StopListening closes a net.Listener, which *Conn does not implement (it
// has no Accept): not a call of Conn.Close.
func (l *Link) StopListening() error { // @def(stopListening, "StopListening")
	return l.ln.Close()
}

// Dial closes what net.Dial returns, a net.Conn.
func Dial(addr string) { // @def(dial, "Dial")
	client, err := net.Dial("tcp", addr)
	if err != nil {
		return
	}
	defer client.Close() // @site(dialClose, "Close") @dispatch(dial, connClose, dialClose)
}

// DialContext closes what a net.Dialer's DialContext returns.
func DialContext(ctx context.Context, addr string) { // @def(dialContext, "DialContext")
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return
	}
	conn.Close() // @site(dialContextClose, "Close") @dispatch(dialContext, connClose, dialContextClose)
}

// Serve closes what a listener accepts, and both ends of a pipe.
func (l *Link) Serve() { // @def(serve, "Serve")
	c, err := l.ln.Accept()
	if err != nil {
		return
	}
	c.Close() // @site(acceptClose, "Close") @dispatch(serve, connClose, acceptClose, pipeCloseA, pipeCloseB)
	a, b := net.Pipe()
	a.Close() // @site(pipeCloseA, "Close")
	b.Close() // @site(pipeCloseB, "Close")
}

// CloseAll closes a slice of net.Conn.
func CloseAll(conns []net.Conn) { // @def(closeAll, "CloseAll")
	for _, c := range conns {
		c.Close() // @site(rangeClose, "Close") @dispatch(closeAll, connClose, rangeClose)
	}
}

// CloseCloser closes an io.Closer, which *Conn implements too.
func CloseCloser(cl io.Closer) { // @def(closeCloser, "CloseCloser")
	cl.Close() // @site(closerClose, "Close") @dispatch(closeCloser, connClose, closerClose)
}

// CloseFile closes an *os.File, a concrete type: never Conn.Close.
func CloseFile(name string) { // @def(closeFile, "CloseFile")
	f, err := os.Open(name)
	if err != nil {
		return
	}
	f.Close()
}
