package internal

// Span is the internal span surface the public adapter embeds.
type Span interface {
	SetStatus(code int, description string) // @def(internalSetStatus, "SetStatus") @callers(internalSetStatus, setStatus)
	End()                                   // @def(internalEnd, "End")
}
