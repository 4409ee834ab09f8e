class Cache:
    def get(self, key):  # @def(CacheGet, "get")
        return None

    def filter(self, key):  # @def(CacheFilter, "filter") @nocallers(CacheFilter)
        return None
