package store

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
)

var registry sync.Map

func Handle(w http.ResponseWriter, r *http.Request) { // @def(Handle, "Handle")
	_ = r.Header.Get("X")
	_ = r.URL.Query().Get("q")
	v := url.Values{}
	_ = v.Get("a")
	registry.Load("x")
	_ = strings.Split("a,b", ",")
}

func Cached(c *Cache) string { // @def(Cached, "Cached")
	return c.Get("k") // @site(cacheGet, "Get") @call(Cached, CacheGet, cacheGet)
}
