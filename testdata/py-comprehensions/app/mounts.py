class Mount:
    def mount(self):  # @def(mountMount, "mount")
        return None

    def unmount(self):  # @def(mountUnmount, "unmount")
        return None


class Bound:
    def __init__(self, mount: Mount):
        self.bind_mount = mount


class Interface:
    object_path: str = ""

    def update(self):  # @def(ifaceUpdate, "update")
        return None

    def describe(self):  # @def(ifaceDescribe, "describe")
        return self.object_path


class Cable:
    def plug(self):  # @def(cablePlug, "plug")
        return None


class Socket:
    def plug(self):  # @def(socketPlug, "plug")
        return None


class Manager:
    def __init__(self):
        self._bound: list[Bound] = []
        self._interfaces: dict[str, Interface] = {}

    @property
    def bound_mounts(self) -> list[Bound]:
        return self._bound

    @property
    def interfaces(self) -> set[Interface]:
        return set(self._interfaces.values())
