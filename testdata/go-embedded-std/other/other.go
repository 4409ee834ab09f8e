package other

import "io"

// Other does not import impl: not a caller of Buffer.Write.
func Other(w io.Writer) { // @def(other, "Other")
	w.Write(nil)
}
