class Report:
    def write(self, data):  # @def(reportWrite, "write")
        return data


class Dir:
    def __truediv__(self, name: str) -> "Dir":
        return Dir()

    def open(self, mode: str) -> Report:  # @def(dirOpen, "open")
        return Report()
