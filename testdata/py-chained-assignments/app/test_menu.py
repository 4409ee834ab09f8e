from app.menu import CreationMenuRegistry, Entry


def test_link_priority():  # @def(test_link_priority, "test_link_priority")
    entry = Entry()
    # a chained assignment: registry holds what the last target holds
    registry = entry.creation_menu_registry = CreationMenuRegistry()
    group = registry.get_or_create_group("persons", "Directory")
    group.change_links_priority(1, "add_prospect", "add_customer")  # @site(c1, "change_links_priority") @call(test_link_priority, changePriority, c1)


def test_same_value():  # @def(test_same_value, "test_same_value")
    first = second = CreationMenuRegistry().get_or_create_group("a", "A")
    first.change_links_priority(2, "x")  # @site(c2, "change_links_priority") @call(test_same_value, changePriority, c2)
    return second
