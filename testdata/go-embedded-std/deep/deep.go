package deep

import (
	"io"

	"example.com/goembeddedstd/use"
)

// Deep imports impl through use.
func Deep(w io.Writer) { // @def(deep, "Deep")
	use.Use(w)
	w.Write(nil) // @site(deepWrite, "Write") @dispatch(deep, bufferWrite, deepWrite)
}
