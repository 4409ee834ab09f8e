from uuid import uuid4


class Folder:
    @staticmethod
    def create(name=None):
        return Folder(name=name, uuid=uuid4())

    @classmethod
    def empty(cls):
        if cls is None:
            return None
        return cls(name="", uuid=None)

    def __init__(self, name=None, uuid=None):
        self.name = name
        self.uuid = uuid

    def get_encryption_key(self, requestor=None):  # @def(getKey, "get_encryption_key")
        return requestor


class Archive:
    def get_encryption_key(self, requestor=None):  # @def(archiveKey, "get_encryption_key")
        return None


def make_folder(name):
    folder = Folder.create(name)
    return folder
