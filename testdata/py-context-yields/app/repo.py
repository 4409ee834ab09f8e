import contextlib
from contextlib import contextmanager


class ChatRepository:
    def __init__(self, session):
        self.session = session

    async def reset_work(self, message_id):  # @def(resetWork, "reset_work")
        return message_id

    def abort_work(self, message_id):  # @def(abortWork, "abort_work")
        return message_id


async def create_chat_repository(session) -> ChatRepository:
    return ChatRepository(session)


@contextlib.asynccontextmanager
async def manual_chat_repository():
    # unannotated: entering it gives what it yields
    yield await create_chat_repository(None)


@contextmanager
def plain_repository():
    yield ChatRepository(None)
    return
