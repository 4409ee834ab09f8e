from app.storage import Builder, DiskStorage, FastBuilder, MemoryStorage


class Service:
    def __init__(self, storage: DiskStorage | None = None) -> None:
        self.storage = storage or MemoryStorage()

    def put(self, item):  # @def(put, "put")
        return self.storage.save(item)  # @site(s1, "save") @call(put, memSave, s1) @call(put, diskSave, s1)


def pick(fast: bool):  # @def(pick, "pick")
    store = DiskStorage() if fast else MemoryStorage()
    return store.save(1)  # @site(s2, "save") @call(pick, memSave, s2) @call(pick, diskSave, s2)


def make_builder(fast: bool):
    if fast:
        return FastBuilder()
    return Builder()


def build(fast: bool):  # @def(build, "build")
    b = make_builder(fast)
    return b.finalize()  # @site(f1, "finalize") @call(build, finalize, f1) @call(build, fastFinalize, f1)


def either(a, fast):  # @def(either, "either")
    s = a or MemoryStorage()
    s.save(2)  # @site(s3, "save") @call(either, memSave, s3)
