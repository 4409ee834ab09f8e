from app.registry import get_registry


def install(target, key):  # @def(install, "install")
    if target.exists():  # a pathlib.Path, untyped here: not the registry's
        return True
    return get_registry().exists(key)  # @site(e1, "exists") @call(install, registryExists, e1)
