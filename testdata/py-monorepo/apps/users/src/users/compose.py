from users.handlers import handle_register
from users.repositories import SqlUserRepository


async def register(session, user):
    await handle_register(user, repos={"users": SqlUserRepository(session)})
