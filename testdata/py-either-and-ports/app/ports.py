from dataclasses import dataclass
from typing import Protocol


class LocationRepository(Protocol):
    def all_by_code(self) -> dict: ...  # @def(portAllByCode, "all_by_code")


class HttpClient(Protocol):
    def post(self, url: str) -> object: ...  # @def(portPost, "post")


class Other:
    def all_by_code(self) -> dict:  # @def(otherAllByCode, "all_by_code")
        return {}

    def post(self, url: str) -> object:  # @def(otherPost, "post")
        return url


@dataclass(frozen=True, slots=True)
class ReadinessDependencies:
    locations: LocationRepository
