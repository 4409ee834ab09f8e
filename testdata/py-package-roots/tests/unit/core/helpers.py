from core.models import Record


def synthetic_record():  # @def(synthetic, "synthetic_record")
    return Record.get_root("test")  # @site(g3, "get_root") @call(synthetic, getRoot, g3)
