package sdk

import (
	"example.com/emb/trace"
	"example.com/emb/trace/embedded"
)

// recordingSpan gets embedded's span() by embedding the interface, as
// opentelemetry-go's sdk/trace does: it is a trace.Span.
type recordingSpan struct {
	embedded.Span
	links []string
}

func (s *recordingSpan) AddLink(name string) { s.links = append(s.links, name) } // @def(recordingAddLink, "AddLink")

func (s *recordingSpan) End() {}

type tracer struct{}

func (tracer) Start(name string) trace.Span { return &recordingSpan{} }

// Use adds a link through the interface.
func Use(t trace.Tracer) { // @def(use, "Use")
	span := t.Start("x")
	span.AddLink("y") // @site(u1, "AddLink") @call(use, spanAddLink, u1) @dispatch(use, recordingAddLink, u1)
}

// fakeSpan declares a span() of its own: package sdk's, not embedded's,
// so it is no trace.Span.
type fakeSpan struct{}

func (fakeSpan) span() {}

func (fakeSpan) AddLink(name string) {} // @def(fakeAddLink, "AddLink")

func (fakeSpan) End() {}

// UseFake calls its own AddLink.
func UseFake() { // @def(useFake, "UseFake")
	var f fakeSpan
	f.span()
	f.AddLink("z") // @site(f1, "AddLink") @call(useFake, fakeAddLink, f1)
}
