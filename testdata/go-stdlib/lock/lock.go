// Package lock: methods promoted from an embedded standard library type,
// and calls through a standard library interface that declares fewer
// methods than the one the value has.
package lock

import (
	"io"
	"sync"
)

// locker is what *sync.Mutex satisfies. guarded embeds one: its Lock is
// sync.Mutex's, and gopls lists it among locker.Lock's callers.
type locker interface {
	Lock() // @def(lockerLock, "Lock") @callers(lockerLock, bump)
	Unlock()
}

type guarded struct {
	sync.Mutex
	n int
}

func (g *guarded) bump() { // @def(bump, "bump")
	g.Lock() // @site(bumpLock, "Lock") @dispatch(bump, lockerLock, bumpLock)
	g.n++
	g.Unlock()
}

// body has only Close. An io.ReadCloser's Close is io.Closer's, which
// body satisfies: gopls lists a Close called on an io.ReadCloser in this
// package among body.Close's callers.
type body struct{}

func (body) Close() error { return nil } // @def(bodyClose, "Close") @callers(bodyClose, drainBody)

func drainBody(rc io.ReadCloser) { // @def(drainBody, "drainBody")
	rc.Close() // @site(drainClose, "Close") @dispatch(drainBody, bodyClose, drainClose)
}
