// Package context stands for golang.org/x/net/context: its Context is the
// standard library's, under another name.
package context

import "context"

type Context = context.Context

// Deadline is not an alias.
type Deadline struct{}
