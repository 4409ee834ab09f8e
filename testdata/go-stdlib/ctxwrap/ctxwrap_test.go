package ctxwrap_test

import (
	"context"
	"testing"

	"example.com/gostd/ctxwrap"
)

// An external test package is another package: its call through a
// context.Context is not Ctx.Value's caller (gopls searches Ctx's own
// package for such calls).
func TestValue(t *testing.T) {
	var c context.Context = &ctxwrap.Ctx{}
	_ = c.Value("k")
}
