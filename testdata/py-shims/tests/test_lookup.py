from gw.services.lookup import (
    set_cache_ttl,
)


class TestLookup:
    def test_set(self):  # @def(testSet, "test_set")
        set_cache_ttl(600)  # @site(testSite, "set_cache_ttl") @call(testSet, setTTL, testSite)
