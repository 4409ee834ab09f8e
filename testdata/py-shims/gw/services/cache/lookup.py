_TTL = 60


def set_cache_ttl(ttl_seconds: int) -> None:  # @def(setTTL, "set_cache_ttl")
    global _TTL
    _TTL = ttl_seconds


def _reset() -> None:  # @def(reset, "_reset") @nocallers(reset)
    set_cache_ttl(60)  # @site(resetSite, "set_cache_ttl") @call(reset, setTTL, resetSite)
