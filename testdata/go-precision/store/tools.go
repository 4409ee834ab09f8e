package store

import "errors"

// ErrMissing is a package-level error: a call on it is error's.
var ErrMissing = errors.New("missing")

type Tool struct{}

func (t *Tool) Run() error { return nil } // @def(toolRun, "Run")
