package app

import "example.com/core/v3"

// readerWithServer embeds the dependency's Reader, whose unexported
// methods it gets by the embedding, and declares its own Shutdown: it
// implements Reader, and in its package gopls lists every call through a
// Reader among its Shutdown's callers (opentelemetry-go-contrib's
// autoexport and sdk/metric's Reader, the thirty-seventh held-aside set).
type readerWithServer struct {
	core.Reader
	stopped bool
}

func (r readerWithServer) Shutdown() error { // @def(rwsShutdown, "Shutdown")
	return r.Reader.Shutdown() // @site(inner, "Shutdown") @dispatch(rwsShutdown, rwsShutdown, inner)
}

// plainReader declares Shutdown and Collect but cannot have Reader's
// unexported register: no Reader, and no caller of its Shutdown is a call
// through one.
type plainReader struct{}

func (plainReader) Collect() error  { return nil }
func (plainReader) Shutdown() error { return nil } // @def(plainShutdown, "Shutdown") @nocallers(plainShutdown)

func newReader(reader core.Reader, serve bool) (core.Reader, error) { // @def(newReader, "newReader")
	if !serve {
		return reader, reader.Shutdown() // @site(outer, "Shutdown") @dispatch(newReader, rwsShutdown, outer)
	}
	return readerWithServer{Reader: reader}, nil
}
