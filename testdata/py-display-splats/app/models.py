class Address:
    def info_field_names(self):  # @def(infoNames, "info_field_names") @callers(infoNames, to_python, tags)
        return ["city", "zipcode"]


def get_address_model() -> Address:  # @def(getModel, "get_address_model") @callers(getModel, to_python, tags)
    return Address()


class Repo:
    def keys(self):  # @def(repoKeys, "keys") @callers(repoKeys, all_keys)
        return ["a"]
