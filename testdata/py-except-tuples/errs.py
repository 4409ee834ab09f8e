class TextError(Exception):
    def explain(self):  # @def(textExplain, "explain")
        return "text"


class OtherError(Exception):
    def explain(self):  # @def(otherExplain, "explain")
        return "other"


def parse(s):
    raise TextError(s)


def guard():  # @def(guard, "guard")
    try:
        parse("x")
    except (TextError, ValueError) as either:
        either.explain()  # @site(guardExplain, "explain") @call(guard, textExplain, guardExplain)


def both():  # @def(both, "both")
    try:
        parse("y")
    except (TextError, OtherError) as err:
        err.explain()  # @site(bothExplain, "explain") @call(both, textExplain, bothExplain) @call(both, otherExplain, bothExplain)
