class Cache:
    def get(self, key):  # @def(CacheGet, "get") @nocallers(CacheGet)
        return None

    def filter(self, key):  # @def(CacheFilter, "filter") @nocallers(CacheFilter)
        return None
