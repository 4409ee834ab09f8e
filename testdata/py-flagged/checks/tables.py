class Recipe:
    def validate(self):  # @def(recipeValidate, "validate") @nocallers(recipeValidate)
        return True


class Params:
    def __init__(self, validate=None):
        self._params = {"validate": validate}

    def __getattr__(self, name):
        return self._params.get(name)


def run(params, value):
    return value


def resolve(params: Params, value):
    if params and params.validate:
        run(params, value)
    while not params.validate:
        break
    return {"checked": params.validate is not None, "unchecked": (params.validate) == None}
