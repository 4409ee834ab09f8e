package store

type Cache struct{ m map[string]string }

func (c *Cache) Get(key string) string { return c.m[key] } // @def(CacheGet, "Get")

type Store struct{}

func (s *Store) Load(key string) string { return key } // @def(StoreLoad, "Load") @nocallers(StoreLoad)

func Split(s string) []string { return []string{s} } // @def(Split, "Split") @nocallers(Split)
