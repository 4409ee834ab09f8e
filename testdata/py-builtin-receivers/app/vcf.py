class Component:
    def __init__(self, name):
        object.__setattr__(self, "name", name)

    def __setattr__(self, name, value):  # @def(compSetattr, "__setattr__") @nocallers(compSetattr)
        object.__setattr__(self, name, value)


class Registry(dict):
    def __setitem__(self, key, value):  # @def(regSetitem, "__setitem__") @nocallers(regSetitem)
        dict.__setitem__(self, key, value)

    def update(self, other):  # @def(regUpdate, "update") @nocallers(regUpdate)
        dict.update(self, other)


class Tag(str):
    def join(self, parts):  # @def(tagJoin, "join") @callers(tagJoin, render)
        return str.join(self, parts)


def render(tag: Tag, parts):  # @def(render, "render")
    return tag.join(parts)  # @site(j1, "join") @call(render, tagJoin, j1)
