package mock

import "context"

// Double is a test double for transport.Handler.
type Double[T any] struct{ calls int }

func (m *Double[T]) Handle(ctx context.Context, event T) error { // @def(mockHandle, "Handle")
	m.calls++
	return nil
}
