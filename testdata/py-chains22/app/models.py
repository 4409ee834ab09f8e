class Registry:
    async def store(self, data):  # @def(registryStore, "store")
        return data


class Attachment:
    async def content(self):  # @def(attachmentContent, "content")
        return b""


class Signature:
    def to_format(self):  # @def(signatureToFormat, "to_format")
        return b""


class Stamp:
    def to_format(self):  # @def(stampToFormat, "to_format")
        return b""


class Metadata:
    def __init__(self, signature: Signature | None = None, stamp: Stamp | None = None):
        self.signature = signature
        self.stamp = stamp


class Repo:
    def get_row(self, key):  # @def(repoGetRow, "get_row")
        return key


class Context:
    def __init__(self):
        self._repo = None

    async def __aenter__(self) -> "Context":
        return self

    async def __aexit__(self, *exc):
        return None

    @property
    def repo(self) -> "Repo":
        if self._repo is None:
            self._repo = Repo()
        return self._repo
