package use

import (
	"io"

	"example.com/goembeddedstd/impl"
)

// Use imports impl.
func Use(w io.Writer) { // @def(use, "Use")
	_ = impl.New()
	w.Write(nil) // @site(useWrite, "Write") @dispatch(use, bufferWrite, useWrite)
}
