package store

// Cache is an in-memory map.
type Cache struct {
	items map[string]string
}

// Get returns an item.
func (c *Cache) Get(key string) string { // @def(CacheGet, "Get")
	return c.items[key]
}

// Split shares its name with strings.Split on purpose.
func (c *Cache) Split() []*Cache { // @def(CacheSplit, "Split")
	return []*Cache{c}
}

func warm(c *Cache) { // @def(warm, "warm")
	c.Get("warm") // @site(warmGet, "Get") @call(warm, CacheGet, warmGet)
}

func init() { // @def(init, "init")
	warm(&Cache{}) // @site(initWarm, "warm") @call(init, warm, initWarm)
}

// Scan shares its name with bufio.Scanner's Scan.
func (c *Cache) Scan() bool { // @def(CacheScan, "Scan") @callers(CacheScan)
	return len(c.items) > 0
}

// shared is a package-level variable that store.go uses.
var shared = &Cache{}
