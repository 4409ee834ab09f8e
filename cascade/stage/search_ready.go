package stage

import "errors"

// ErrSearchNotReady is what a store's full-text search returns while its
// index is still being built (it is built after the first answers): the
// keyword stage then says so instead of answering from part of the files.
var ErrSearchNotReady = errors.New("the full-text index is still being built")
