package ctxwrap

import (
	"context"
	"time"
)

// Ctx implements context.Context: its Value's result is written
// interface{}, which is any (one result, not none). Each method calls
// through the context.Context it holds, a call gopls lists among the
// callers of Ctx's method of that name (couper's eval.Context, session 26).
type Ctx struct{ inner context.Context }

func (c *Ctx) Deadline() (deadline time.Time, ok bool) { return c.inner.Deadline() }

func (c *Ctx) Done() <-chan struct{} { // @def(ctxDone, "Done")
	return c.inner.Done() // @site(innerDone, "Done") @dispatch(ctxDone, ctxDone, innerDone)
}

func (c *Ctx) Err() error { return c.inner.Err() }

func (c *Ctx) Value(key interface{}) interface{} { // @def(ctxValue, "Value")
	return c.inner.Value(key) // @site(innerValue, "Value") @dispatch(ctxValue, ctxValue, innerValue)
}
