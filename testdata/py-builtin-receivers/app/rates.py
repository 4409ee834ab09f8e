from enum import Enum, auto


class Storage:
    def copy(self, src, dst):  # @def(storageCopy, "copy") @nocallers(storageCopy)
        return dst


class CurrencyService:
    DEFAULT_RATES = {"USD": 1.0}
    DEFAULT_RULES = [{"min": 0}]
    _rates = {}

    @classmethod
    def reset(cls):
        # class attributes holding a dict and a list: their copy is the
        # builtin's, never Storage.copy
        cls._rates = cls.DEFAULT_RATES.copy()
        return cls.DEFAULT_RULES.copy()

    def rates(self):
        return self.DEFAULT_RATES.copy()


class Level(Enum):
    LOW = "low"
    HIGH = auto()

    def describe(self):  # @def(levelDescribe, "describe")
        return self.value


def report():  # @def(report, "report")
    # an enum's member is the enum's, whatever its value
    low = Level.LOW.describe()  # @site(reportDescribe, "describe")
    return low, Level.HIGH.describe()  # @site(reportHigh, "describe") @call(report, levelDescribe, reportDescribe, reportHigh)
