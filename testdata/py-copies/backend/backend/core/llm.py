class Writer:
    def describe(self, scene):  # @def(innerDescribe, "describe")
        return scene


def get_writer() -> Writer:
    return Writer()
