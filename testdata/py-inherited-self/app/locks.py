class FileLock:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False

    def again(self):
        return self

    def read_files(self, force=True):  # @def(lockRead, "read_files")
        return force

    @classmethod
    def create(cls):
        return cls("x")


class FileMetadata(FileLock):
    def read_files(self, force=True):  # @def(metaRead, "read_files")
        return force
