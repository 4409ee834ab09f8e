import httpx

from .ports import HttpClient, ReadinessDependencies


class ReadinessService:
    def __init__(self, dependencies: ReadinessDependencies) -> None:
        self._locations = dependencies.locations

    def check(self) -> int:  # @def(check, "check")
        actual = self._locations.all_by_code()  # @site(a1, "all_by_code") @call(check, portAllByCode, a1)
        return len(actual)


def send(url: str, client: HttpClient | None = None) -> object:  # @def(send, "send")
    active_client = client or httpx.Client()
    return active_client.post(url)  # @site(p1, "post") @call(send, portPost, p1)
