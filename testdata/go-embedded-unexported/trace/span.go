package trace

import "example.com/emb/trace/embedded"

// Span is a span.
type Span interface {
	embedded.Span
	AddLink(name string) // @def(spanAddLink, "AddLink")
	End()
}

// Tracer starts spans.
type Tracer interface {
	Start(name string) Span
}
