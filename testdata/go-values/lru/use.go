package lru

func warm(keys []string) int { // @def(warm, "warm")
	c := New[string, int](len(keys)).OnEvict(func(string, int) {})
	n := 0
	for _, k := range keys {
		if c.Contains(k) { // @site(warmContains, "Contains")
			n++
		}
	}
	if New[string, int](1).Contains("x") { // @site(chainContains, "Contains") @call(warm, contains, warmContains, chainContains)
		n++
	}
	return n
}
