package store

import (
	"fmt"
	"io"
)

// Named embeds fmt.Stringer, from outside the workspace: its method set is
// still known, String and Name.
type Named interface {
	fmt.Stringer
	Name() string // @def(namedName, "Name")
}

// Label implements Named.
type Label struct{ text string }

// String is fmt.Stringer's.
func (l Label) String() string { // @def(labelString, "String")
	return l.text
}

// Name is Named's own.
func (l Label) Name() string { // @def(labelName, "Name")
	return l.text
}

// describeNamed calls through Named: Label's Name may run.
func describeNamed(n Named) string { // @def(describeNamed, "describeNamed")
	return n.Name() // @site(namedCall, "Name") @call(describeNamed, namedName, namedCall) @dispatch(describeNamed, labelName, namedCall)
}

// Counter implements io.Writer.
type Counter struct{ n int }

// Write counts.
func (c *Counter) Write(p []byte) (int, error) { // @def(counterWrite, "Write")
	c.n += len(p)
	return len(p), nil
}

// copyTo writes through io.Writer. In Counter's own package gopls lists
// that among the callers of Counter's Write (elsewhere it does not: see
// cmd/shop's emit).
func copyTo(w io.Writer, p []byte) { // @def(copyTo, "copyTo")
	w.Write(p) // @site(copyWrite, "Write") @dispatch(copyTo, counterWrite, copyWrite)
}
