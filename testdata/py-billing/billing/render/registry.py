"""Fixture: mapping values, classmethods, module variables and re-exports,
unions, and a function that imports its own name."""
from typing import Dict, Optional, Union, cast

import billing.render
from billing.render import lines
from billing.render.defaults import DEFAULT_LINE
from billing.render.styles import Line


class RegistryError(Exception):
    def describe(self):  # @def(describe, "describe")
        return str(self)


class Registry:
    def __init__(self):
        self._lines: Dict[str, lines.Line] = {}

    def guarded(self):  # @def(guarded, "guarded")
        def again():  # @def(again, "again") self is guarded's
            return self.fill()  # @site(againFill, "fill") @call(again, fill, againFill)

        try:
            return again()
        except RegistryError as err:
            return err.describe()  # @site(guardDescribe, "describe") @call(guarded, describe, guardDescribe)

    @classmethod
    def create(cls) -> "Registry":  # @def(create, "create")
        registry = cls()
        registry.fill()  # @site(createFill, "fill") @call(create, fill, createFill)
        return registry

    def fill(self):  # @def(fill, "fill")
        for name, line in self._lines.items():
            line.pad(len(name))  # @site(fillPad, "pad") @call(fill, linePad, fillPad)
        return self._lines["x"].clone()  # @site(fillClone, "clone") @call(fill, lineClone, fillClone)


def defaults(extra: Union[str, Line], fallback: Optional[Line]):  # @def(defaults, "defaults")
    DEFAULT_LINE.pad(1)  # @site(defaultPad, "pad")
    extra.pad(2)  # @site(extraPad, "pad") @call(defaults, linePad, defaultPad, extraPad)
    chosen = fallback or Line()
    return chosen.clone()  # @site(chosenClone, "clone") @call(defaults, lineClone, chosenClone)


def stamp(body):  # @def(ownStamp, "stamp") @callers(ownStamp)
    from billing.services.pdf import stamp

    return stamp(body)  # @site(importedStamp, "stamp") @call(ownStamp, stamp, importedStamp)


def make_default():  # @def(makeDefault, "make_default")
    return billing.render.Line().clone()  # @site(makeClone, "clone") @call(makeDefault, lineClone, makeClone)


def registered(fn) -> Registry:
    return Registry()


@registered
def shop():
    pass


def refill():  # @def(refill, "refill") shop is what registered returns
    return shop.fill()  # @site(refillFill, "fill") @call(refill, fill, refillFill)


def refill_any(value):  # @def(refillAny, "refill_any")
    registry = cast(Registry, value)
    return registry.fill()  # @site(anyFill, "fill") @call(refillAny, fill, anyFill)
