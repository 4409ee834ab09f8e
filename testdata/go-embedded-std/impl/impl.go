package impl

import "io"

// writer embeds io.Writer: its Write is io.Writer's own method, and
// gopls lists, among the callers of a Write of a type that implements
// writer, the calls through an io.Writer in every package that imports
// this one.
type writer interface {
	io.Writer
	Flush() error
}

var _ writer = &Buffer{}

type Buffer struct{}

func (*Buffer) Write(p []byte) (int, error) { return len(p), nil } // @def(bufferWrite, "Write") @callers(bufferWrite, use, deep, flushAll, testOther)

func (*Buffer) Flush() error { return nil }

// Plain has a Write but no Flush: it implements io.Writer, not writer, so
// only calls through an io.Writer in this package are its callers.
type Plain struct{}

func (Plain) Write(p []byte) (int, error) { return len(p), nil } // @def(plainWrite, "Write") @callers(plainWrite, flushAll)

func New() *Buffer { return &Buffer{} }

// flushAll writes through an io.Writer in impl itself.
func flushAll(w io.Writer) { // @def(flushAll, "flushAll")
	w.Write(nil) // @site(flushWrite, "Write") @dispatch(flushAll, bufferWrite, flushWrite) @dispatch(flushAll, plainWrite, flushWrite)
}
