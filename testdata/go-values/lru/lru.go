// Package lru: a generic cache whose constructor is called with explicit
// type arguments and chained (searKing/golang's container/lru).
package lru

type Cache[K comparable, V any] struct {
	items   map[K]V
	onEvict func(K, V)
}

func New[K comparable, V any](size int) *Cache[K, V] {
	return &Cache[K, V]{items: make(map[K]V, size)}
}

func (c *Cache[K, V]) OnEvict(f func(K, V)) *Cache[K, V] {
	c.onEvict = f
	return c
}

func (c *Cache[K, V]) Contains(key K) bool { // @def(contains, "Contains")
	_, ok := c.items[key]
	return ok
}
