package tr

type Attrs struct{ m map[string]string }

func (a Attrs) Get(k string) string { return a.m[k] } // @def(attrsGet, "Get") @callers(attrsGet, firstAttr, nestedAttr)

type Span struct{ Attributes Attrs }

func (s Span) Name() string { return "" } // @def(spanName, "Name") @callers(spanName, firstName, nestedName, byKey)

type Trace struct{ spans []Span }

func (t Trace) Spans() []Span { return t.spans }

// Grid returns a slice of slices.
func Grid() [][]Span { return nil }

// Lookup returns a map of them.
func Lookup() map[string]Span { return nil }

// Other has a Get and a Name too: none of the calls below is its.
type Other struct{}

func (Other) Get(k string) string { return k } // @def(otherGet, "Get") @callers(otherGet)

func (Other) Name() string { return "" } // @def(otherName, "Name") @callers(otherName)
