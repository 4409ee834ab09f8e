from typing import Any


class ResultCache:
    def clear(self) -> None:  # @def(cacheClear, "clear") @callers(cacheClear)
        return None


class Registry:
    def __init__(self) -> None:
        self._agents: dict[str, Any] = {}
        self._names: list[Any] = []

    def reset(self) -> None:
        # dict's and list's clear: the annotation says what the field is,
        # whatever its values are (LIA-Assistant's AgentRegistry)
        self._agents.clear()
        self._names.clear()
