from app.models import Repo, get_address_model


def to_python(value):  # @def(to_python, "to_python")
    # the star of a list display: tree-sitter parses it onto the callee
    names = [*get_address_model().info_field_names()]  # @site(g1, "get_address_model") @call(to_python, getModel, g1) @site(i1, "info_field_names") @call(to_python, infoNames, i1)
    names.remove("name")
    return names


def tags():  # @def(tags, "tags")
    return {*get_address_model().info_field_names(), "x"}  # @site(g2, "get_address_model") @call(tags, getModel, g2) @site(i2, "info_field_names") @call(tags, infoNames, i2)


class Holder:
    def __init__(self, repo: Repo):
        self.repo = repo

    def all_keys(self):  # @def(all_keys, "all_keys")
        return [*self.repo.keys()]  # @site(k1, "keys") @call(all_keys, repoKeys, k1)
