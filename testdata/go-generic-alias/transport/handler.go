package transport

import "context"

// Handler is what consumers hand events to.
type Handler[T any] interface {
	Handle(ctx context.Context, event T) error // @def(ifaceHandle, "Handle")
}
