class MemoryStorage:
    def save(self, item):  # @def(memSave, "save") @callers(memSave, put, pick, either)
        return item


class DiskStorage:
    def save(self, item):  # @def(diskSave, "save") @callers(diskSave, put, pick)
        return item


class Builder:
    def finalize(self):  # @def(finalize, "finalize") @callers(finalize, build)
        return 1


class FastBuilder:
    def finalize(self):  # @def(fastFinalize, "finalize") @callers(fastFinalize, build)
        return 2
