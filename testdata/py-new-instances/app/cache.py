class ToolCache:
    def set(self, key, value):  # @def(cacheSet, "set") @nocallers(cacheSet)
        return None
