package embedded

// Span is embedded by implementations.
type Span interface{ span() }
