package consumer

import (
	"context"

	"example.com/genericalias/transport"
)

// Handler is transport's, under this package's name (an alias with type
// parameters, Go 1.24): the same interface, with its methods.
type Handler[T any] = transport.Handler[T]

type consumer[T any] struct {
	handler Handler[T]
}

func (c consumer[T]) Process(ctx context.Context, event T) error { // @def(process, "Process")
	return c.handler.Handle(ctx, event) // @site(h1, "Handle") @call(process, ifaceHandle, h1) @dispatch(process, mockHandle, h1)
}

// Reader is a defined type, not an alias: transport.Handler's fields, none
// of its methods, as before.
type Reader[T any] transport.Handler[T]
