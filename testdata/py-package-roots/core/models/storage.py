from core.models import AlertEvent


class Record:
    @classmethod
    def get_root(cls, kind):  # @def(getRoot, "get_root")
        return cls()

    def describe(self):  # @def(describe, "describe")
        return AlertEvent().raise_for(self)  # @site(r1, "raise_for") @call(describe, raiseFor, r1)
