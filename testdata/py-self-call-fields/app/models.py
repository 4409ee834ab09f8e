class CremeUser:
    def has_perm_to_delete(self, entity):  # @def(hasPerm, "has_perm_to_delete") @callers(hasPerm, test_inherited, test_local, test_own, test_class_call)
        return True


class Entity:
    def delete(self):  # @def(entityDelete, "delete") @callers(entityDelete, test_entity)
        return None
