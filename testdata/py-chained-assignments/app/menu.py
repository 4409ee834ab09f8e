class LinksGroup:
    def change_links_priority(self, priority, *link_ids):  # @def(changePriority, "change_links_priority") @callers(changePriority, test_link_priority, test_same_value)
        return priority, link_ids


class CreationMenuRegistry:
    def get_or_create_group(self, group_id, label) -> LinksGroup:
        return LinksGroup()


class Entry:
    creation_menu_registry = None
