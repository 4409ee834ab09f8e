class EpisodicMemory:
    def to_dict(self) -> dict:  # @def(episodicToDict, "to_dict")
        return {}

    def touch(self) -> None:  # @def(episodicTouch, "touch")
        pass


class SemanticMemory:
    def to_dict(self) -> dict:  # @def(semanticToDict, "to_dict")
        return {}


class Profile:
    def to_dict(self) -> dict:  # @def(profileToDict, "to_dict") @nocallers(profileToDict)
        return {}
