from typing import Iterable, Protocol


class ReadinessCheck(Protocol):
    name: str

    async def check(self) -> None: ...  # @def(readinessCheck, "check")


class Probe:
    def check(self):  # @def(probeCheck, "check")
        return True


def health_router(readiness_checks: Iterable[ReadinessCheck] = (), probes=()):
    checks = tuple(readiness_checks)
    copied = list(probes)

    async def readiness():  # @def(readiness, "readiness")
        for item in checks:
            await item.check()  # @site(readinessSite, "check") @call(readiness, readinessCheck, readinessSite)
        for probe in copied:
            probe.check()  # @site(probeSite, "check") @possible(readiness, probeCheck, probeSite)

    return readiness
