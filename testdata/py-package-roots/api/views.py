from core.models import Record


def create_root(kind):  # @def(createRoot, "create_root")
    return Record.get_root(kind)  # @site(g1, "get_root") @call(createRoot, getRoot, g1)


def show(kind):  # @def(show, "show")
    record = Record.get_root(kind)  # @site(g2, "get_root") @call(show, getRoot, g2)
    return record.describe()  # @site(d1, "describe") @call(show, describe, d1)
