from .tables import Params


class Table:
    def lookup(self, name) -> Params | None:
        return None


def spec(table: Table, name):
    if params := table.lookup(name):
        return params.target, params.validate
    return None


def pick(table: Table, name):
    if params := table.lookup(name):
        validator = params.validate if params else None
        plain = params.validate
        return validator, plain
    return None


class Base:
    pass


class Special(Base):
    def validate(self):  # @def(specialValidate, "validate")
        return True


def check(item: Base):  # @def(check, "check")
    # a Base may be a Special: a possible caller of Special.validate, never of Recipe.validate
    return item.validate()  # @site(checkValidate, "validate") @possible(check, specialValidate, checkValidate)
