package stage

import (
	"context"
	"errors"
)

// ErrSearchNotReady is what a store's full-text search returns while its
// index is still being built (it is built after the first answers): the
// keyword stage then says so instead of answering from part of the files.
var ErrSearchNotReady = errors.New("the full-text index is still being built")

type noWaitKey struct{}

// WithoutWaitingForSearch marks a search that must not wait for a
// full-text index already being built in the background: the keyword stage
// of a call hierarchy request, whose budget is what the editor waits. Such
// a search answers ErrSearchNotReady at once. A command the user ran to
// search (searchLiterals) waits, within its context.
func WithoutWaitingForSearch(ctx context.Context) context.Context {
	return context.WithValue(ctx, noWaitKey{}, true)
}

// WaitsForSearch reports whether a search on ctx may wait for a build.
func WaitsForSearch(ctx context.Context) bool {
	noWait, _ := ctx.Value(noWaitKey{}).(bool)
	return !noWait
}
