from app.models import CremeUser, Entity


class CremeTestCase:
    @classmethod
    def build_user(cls, index=0, **kwargs):
        user = CremeUser(**kwargs)
        return user

    @classmethod
    def create_user(cls, index=0, **kwargs):
        user = cls.build_user(index=index, **kwargs)
        return user

    def make_entity(self) -> Entity:
        return Entity()
