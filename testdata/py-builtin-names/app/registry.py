class BlueprintRegistry:
    def exists(self, key):  # @def(registryExists, "exists")
        return key in ("a", "b")


def get_registry() -> BlueprintRegistry:
    return BlueprintRegistry()
