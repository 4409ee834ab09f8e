from .base import CremeTestCase


class BaseAuthTestCase(CremeTestCase):
    def _create_users(self):
        # a field set from a method of self, in a helper (not __init__)
        self.user = self.create_user(index=0)
        self.entity = self.make_entity()
        return self.user


class PermissionsTestCase(BaseAuthTestCase):
    def test_inherited(self):  # @def(test_inherited, "test_inherited")
        user = self.user
        return user.has_perm_to_delete(1)  # @site(s1, "has_perm_to_delete") @call(test_inherited, hasPerm, s1)

    def test_local(self):  # @def(test_local, "test_local")
        u = self.create_user()
        return u.has_perm_to_delete(1)  # @site(s2, "has_perm_to_delete") @call(test_local, hasPerm, s2)

    def test_entity(self):  # @def(test_entity, "test_entity")
        self.entity.delete()  # @site(s3, "delete") @call(test_entity, entityDelete, s3)


class OwnTestCase(CremeTestCase):
    def setup_users(self):
        self.user = self.create_user(index=0)
        self.other = CremeTestCase.create_user(index=1)

    def test_own(self):  # @def(test_own, "test_own")
        return self.user.has_perm_to_delete(1)  # @site(s4, "has_perm_to_delete") @call(test_own, hasPerm, s4)

    def test_class_call(self):  # @def(test_class_call, "test_class_call")
        return self.other.has_perm_to_delete(1)  # @site(s5, "has_perm_to_delete") @call(test_class_call, hasPerm, s5)
