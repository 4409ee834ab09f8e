// Package cmap stands for a module dependency with generic types
// (github.com/orcaman/concurrent-map/v2): vendored here, as the module
// cache holds it elsewhere. callcascade does not index it, and reads its
// types' methods and fields on need.
package cmap

type ConcurrentMap[K comparable, V any] struct {
	shards []*shard[K, V]
}

type shard[K comparable, V any] struct{ items map[K]V }

// Tuple is what IterBuffered sends: a key and its value.
type Tuple[K comparable, V any] struct {
	Key K
	Val V
}

func New[V any]() ConcurrentMap[string, V] { return ConcurrentMap[string, V]{} }

func NewWith[K comparable, V any](fn func(K) uint32) ConcurrentMap[K, V] {
	return ConcurrentMap[K, V]{}
}

func (m ConcurrentMap[K, V]) Get(key K) (V, bool) {
	var v V
	return v, false
}

// Pop names the type's parameters otherwise: they are the same ones.
func (m ConcurrentMap[Key, Val]) Pop(key Key) (v Val, exists bool) { return }

func (m ConcurrentMap[K, V]) Items() map[K]V { return nil }

func (m ConcurrentMap[K, V]) Keys() []K { return nil }

func (m ConcurrentMap[K, V]) IterBuffered() <-chan Tuple[K, V] { return nil }

func (m ConcurrentMap[K, V]) Count() int { return 0 }

// Box holds one item, and a slice of them.
type Box[T any] struct {
	Item  T
	Items []T
}

// Source is a generic interface.
type Source[T any] interface {
	Current() T
}
