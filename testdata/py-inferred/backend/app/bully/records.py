from dataclasses import dataclass
from typing import Any


@dataclass
class Profile:
    name: str

    def to_dict(self) -> dict:  # @def(profileToDict, "to_dict")
        return {"name": self.name}


@dataclass
class Roles:
    profiles: dict[str, Profile]

    def to_dict(self) -> dict:  # @def(rolesToDict, "to_dict")
        # sorted(d.items()) iterates over d's items: p is a Profile
        return {n: p.to_dict() for n, p in sorted(self.profiles.items())}  # @site(rolesSite, "to_dict") @call(rolesToDict, profileToDict, rolesSite)


class Metrics:
    def to_dict(self) -> dict:  # @def(metricsToDict, "to_dict")
        return {}


def aggregate(model: str) -> Metrics:  # @def(aggregate, "aggregate")
    return Metrics()


class Concern:
    def to_dict(self) -> dict:  # @def(concernToDict, "to_dict")
        return {}


def raise_concern(*, entity: str) -> Concern | None:  # @def(raiseConcern, "raise_concern")
    return Concern()


def compose_blend() -> tuple[list[dict[str, Any]], dict[str, Profile]]:  # @def(composeBlend, "compose_blend")
    return [], {}


@dataclass
class EmbedResult:
    count: int

    def to_dict(self) -> dict:  # @def(embedToDict, "to_dict")
        # a field that holds an int is no reference to a method named count
        return {"count": self.count}


class Counter:
    def count(self) -> int:  # @def(counterCount, "count") @nocallers(counterCount)
        return 0
