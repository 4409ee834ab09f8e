// Package store is a fixture: two Get methods on different types, and a
// method that shares its name with strings.Split.
package store

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Store fronts a Cache.
type Store struct {
	cache *Cache
	name  string
}

// New makes a Store.
func New(name string) *Store { // @def(New, "New")
	return &Store{cache: &Cache{}, name: name}
}

// Get reads through the cache.
func (s *Store) Get(key string) string { // @def(StoreGet, "Get")
	parts := strings.Split(key, "/") // stdlib: never Cache.Split @callers(CacheSplit)
	v := s.cache.Get(parts[0])       // @site(getCache, "Get") @call(StoreGet, CacheGet, getCache)
	s.describe()                     // @site(getDescribe, "describe") @call(StoreGet, describe, getDescribe)
	return v
}

func (s *Store) describe() string { // @def(describe, "describe")
	return fmt.Sprintf("store %s", s.name)
}

// lines reads a value from a standard-library constructor: its methods are
// the library's, not the Cache's of the same name.
func lines(r io.Reader) int {
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
	}
	return n
}

// fromShared reads through a package-level variable of another file.
func fromShared(key string) string { // @def(fromShared, "fromShared")
	return shared.Get(key) // @site(sharedGet, "Get") @call(fromShared, CacheGet, sharedGet)
}
