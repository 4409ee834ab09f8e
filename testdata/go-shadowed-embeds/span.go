package goshadowed

import "example.com/goshadowed/internal"

type StatusCode int

// Span is the public surface: its SetStatus takes a StatusCode.
type Span interface {
	SetStatus(code StatusCode, description string) // @def(spanSetStatus, "SetStatus")
	End()                                          // @def(spanEnd, "End")
}

// adapter embeds internal.Span and declares a SetStatus of its own with
// another signature: that method hides the embedded one, so an adapter is
// a Span and no internal.Span. It keeps internal.Span's End.
type adapter struct {
	internal.Span
}

func (s *adapter) SetStatus(code StatusCode, description string) { // @def(setStatus, "SetStatus")
	s.Span.SetStatus(int(code), description) // @site(innerSetStatus, "SetStatus") @call(setStatus, internalSetStatus, innerSetStatus)
}

func finish(sp Span) { // @def(finish, "finish")
	sp.SetStatus(1, "done") // @site(finishSetStatus, "SetStatus") @call(finish, spanSetStatus, finishSetStatus) @dispatch(finish, setStatus, finishSetStatus)
	sp.End()                // @site(finishEnd, "End") @call(finish, spanEnd, finishEnd)
}

func wrap(in internal.Span) Span { return &adapter{Span: in} }
