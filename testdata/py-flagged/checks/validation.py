class Chain:
    def __init__(self, validators):
        self._validators = list(validators)

    def _add(self, func):
        self._validators.append(func)
        return self

    def arg_at(self, index, func):
        def validator(args):
            func(args[index])

        return self._add(validator)


class Checks:
    @staticmethod
    def positive():  # @def(positive, "positive")
        def validator(value):  # @def(positiveValidator, "validator")
            if int(value) <= 0:
                raise ValueError(value)

        return Chain([validator])  # @site(positiveRef, "validator") @possible(positive, positiveValidator, positiveRef)

    @staticmethod
    def bounded(low, high):
        def validator(value):
            if not low <= int(value) <= high:
                raise ValueError(value)

        return validator


def check_all(values):
    validator = Checks.bounded(0, 9)
    for value in values:
        validator(value)
