from app.mounts import Cable, Manager, Mount, Socket


def remount(manager: Manager):  # @def(remount, "remount")
    # a list comprehension of an attribute of its loop variable: a list of
    # what the attribute holds
    binds = [bound.bind_mount for bound in manager.bound_mounts]
    for b in binds:
        b.unmount()  # @site(remountUnmount, "unmount") @call(remount, mountUnmount, remountUnmount)
    return [bind.mount() for bind in binds]  # @site(remountMount, "mount") @call(remount, mountMount, remountMount)


def refresh(manager: Manager, devices: list[str]):  # @def(refresh, "refresh")
    # a dict comprehension's values are its value expression's type
    current = {intr.object_path: intr for intr in manager.interfaces}
    for device in devices:
        if device in current:
            interface = current[device]
            interface.update()  # @site(refreshUpdate, "update") @call(refresh, ifaceUpdate, refreshUpdate)
    return current.get("x")


def describe_all(manager: Manager):  # @def(describeAll, "describe_all")
    # a set comprehension and a generator expression of the loop variable itself
    found = {i for i in manager.interfaces}
    for i in found:
        i.describe()  # @site(describeSet, "describe")
    names = (i for i in manager.interfaces)
    for i in names:
        i.describe()  # @site(describeGen, "describe") @call(describeAll, ifaceDescribe, describeSet, describeGen)


def plug_all():  # @def(plugAll, "plug_all")
    # a list literal of one class: its elements are of that class
    for cable in [Cable(), Cable()]:
        cable.plug()  # @site(plugCable, "plug") @call(plugAll, cablePlug, plugCable)



def plug_mixed():  # @def(plugMixed, "plug_mixed")
    # a literal of two classes: pyright types the element as their union,
    # which is no one type here; the call stays a name match of both plugs
    for thing in [Cable(), Socket()]:
        thing.plug()  # @site(plugMixedSite, "plug")


def first(ms: list[Mount], manager: Manager, key: str):  # @def(first, "first")
    # a comprehension written as the receiver
    [m for m in ms][0].mount()  # @site(firstMount, "mount") @call(first, mountMount, firstMount)
    {i.object_path: i for i in manager.interfaces}[key].update()  # @site(firstUpdate, "update") @call(first, ifaceUpdate, firstUpdate)
