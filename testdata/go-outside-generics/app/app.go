package app

import (
	"example.com/cmap/v2"
)

// Session is the project's interface, held in the dependency's map.
type Session interface {
	Write(data []byte) error // @def(sessionWrite, "Write")
	Close() error            // @def(sessionClose, "Close")
}

// Conn implements Session.
type Conn struct{}

func (c *Conn) Write(data []byte) error { return nil } // @def(connWrite, "Write")
func (c *Conn) Close() error            { return nil } // @def(connClose, "Close")

// ID is a project type used as the map's key.
type ID struct{ n int64 }

func (i ID) String() string { return "" } // @def(idString, "String")

// Manager keeps its values in the dependency's generic types,
// instantiated with project types.
type Manager struct {
	sessions cmap.ConcurrentMap[int64, Session]
	conns    cmap.ConcurrentMap[ID, *Conn]
	counts   cmap.ConcurrentMap[int64, int]
	box      cmap.Box[*Conn]
	source   cmap.Source[Session]
}

func (m *Manager) Ping(id int64) { // @def(ping, "Ping")
	session, ok := m.sessions.Get(id)
	if !ok {
		return
	}
	_ = session.Write(nil) // @site(pingWrite, "Write") @call(ping, sessionWrite, pingWrite) @dispatch(ping, connWrite, pingWrite)
}

// Pop's result is its own name for the type's V.
func (m *Manager) Drop(id int64) { // @def(drop, "Drop")
	v, _ := m.sessions.Pop(id)
	_ = v.Close() // @site(dropClose, "Close") @call(drop, sessionClose, dropClose) @dispatch(drop, connClose, dropClose)
}

// A map's values, ranged; a channel's elements, and a field of the
// dependency's generic struct they are.
func (m *Manager) CloseAll() { // @def(closeAll, "CloseAll")
	for _, s := range m.sessions.Items() {
		_ = s.Close() // @site(allClose, "Close") @call(closeAll, sessionClose, allClose) @dispatch(closeAll, connClose, allClose)
	}
	for t := range m.conns.IterBuffered() {
		_ = t.Val.Write(nil) // @site(iterWrite, "Write") @call(closeAll, connWrite, iterWrite) @dispatch(closeAll, sessionWrite, iterWrite)
		_ = t.Key.String()   // @site(iterKey, "String")
	}
	for _, k := range m.conns.Keys() {
		_ = k.String() // @site(keyString, "String") @call(closeAll, idString, iterKey, keyString)
	}
}

// Fields of a generic struct, and a generic interface's result.
func (m *Manager) Boxed() { // @def(boxed, "Boxed")
	_ = m.box.Item.Close()            // @site(itemClose, "Close")
	_ = m.box.Items[0].Close()        // @site(itemsClose, "Close") @call(boxed, connClose, itemClose, itemsClose) @dispatch(boxed, sessionClose, itemClose, itemsClose)
	_ = m.source.Current().Write(nil) // @site(sourceWrite, "Write") @call(boxed, sessionWrite, sourceWrite) @dispatch(boxed, connWrite, sourceWrite)
}

// A parameter, and a local made by the dependency's generic functions.
func Flush(all cmap.ConcurrentMap[int64, Session]) { // @def(flush, "Flush")
	s, _ := all.Get(1)
	_ = s.Write(nil) // @site(flushWrite, "Write") @call(flush, sessionWrite, flushWrite) @dispatch(flush, connWrite, flushWrite)
	byID := cmap.NewWith[ID, Session](nil)
	id, _ := byID.Get(ID{})
	_ = id.Close() // @site(newWithClose, "Close") @call(flush, sessionClose, newWithClose) @dispatch(flush, connClose, newWithClose)
}

// A generic function's one type argument.
func FlushConns() { // @def(flushConns, "FlushConns")
	byName := cmap.New[*Conn]()
	c, _ := byName.Get("a")
	_ = c.Close() // @site(newClose, "Close") @call(flushConns, connClose, newClose) @dispatch(flushConns, sessionClose, newClose)
}

// A value of a type that is no type parameter: nothing of the project's.
func (m *Manager) Count() int {
	n, _ := m.counts.Get(1)
	return n + m.counts.Count()
}
