package other_test

import (
	"io"
	"testing"

	"example.com/goembeddedstd/impl"
)

// An external test package of other imports impl: its calls are searched,
// other's own (other.go) are not.
func TestOther(t *testing.T) { // @def(testOther, "TestOther")
	var w io.Writer = impl.New()
	w.Write(nil) // @site(testWrite, "Write") @dispatch(testOther, bufferWrite, testWrite)
}
