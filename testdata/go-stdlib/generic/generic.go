package generic

import (
	"cmp"
	"maps"
	"slices"
	"sync/atomic"
)

// Conn is what the standard library's generic functions and types below
// give back: gopls infers their type parameters from the arguments (or the
// value's type arguments) and lists each call on the result.
type Conn struct{}

func (*Conn) Send() {} // @def(connSend, "Send") @callers(connSend, cloned, current, ordered)

// Pipe has a Send of another signature: only its own values reach it.
type Pipe struct{}

func (*Pipe) Send(n int) {} // @def(pipeSend, "Send") @callers(pipeSend, piped)

type holder struct {
	cur atomic.Pointer[Conn]
}

func cloned(cs []*Conn, byName map[string]*Conn) { // @def(cloned, "cloned")
	slices.Clone(cs)[0].Send() // @site(clonedIndex, "Send") @call(cloned, connSend, clonedIndex, clonedRange, clonedMap)
	for _, c := range slices.Clone(cs) {
		c.Send() // @site(clonedRange, "Send")
	}
	for _, c := range maps.Clone(byName) {
		c.Send() // @site(clonedMap, "Send")
	}
}

func current(h *holder) { // @def(current, "current")
	h.cur.Load().Send() // @site(currentLoad, "Send") @call(current, connSend, currentLoad, currentLocal)
	c := h.cur.Load()
	c.Send() // @site(currentLocal, "Send")
}

func ordered(a, b *Conn) { // @def(ordered, "ordered")
	cmp.Or(a, b).Send() // @site(orderedOr, "Send") @call(ordered, connSend, orderedOr)
}

func piped(ps []*Pipe) { // @def(piped, "piped")
	slices.Clone(ps)[0].Send(1) // @site(pipedSend, "Send") @call(piped, pipeSend, pipedSend)
}
