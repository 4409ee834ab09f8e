class Writer:
    def describe(self, scene):  # @def(outerDescribe, "describe")
        return scene


def get_writer() -> Writer:
    return Writer()
