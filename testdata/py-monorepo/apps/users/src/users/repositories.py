class SqlUserRepository:
    def __init__(self, session):
        self.session = session

    async def save(self, user):  # @def(userSave, "save")
        self.session.add(user)
