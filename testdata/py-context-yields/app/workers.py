from app import repo
from app.repo import manual_chat_repository


async def reset(message_id):  # @def(reset, "reset")
    async with repo.manual_chat_repository() as cr:
        await cr.reset_work(message_id)  # @site(resetSite, "reset_work")


def abort(message_id):  # @def(abort, "abort")
    with repo.plain_repository() as cr:
        cr.abort_work(message_id)  # @site(abortSite, "abort_work") @call(abort, abortWork, abortSite)


async def reset_imported(message_id):  # @def(resetImported, "reset_imported")
    async with manual_chat_repository() as chats:
        await chats.reset_work(message_id)  # @site(resetImportedSite, "reset_work") @call(resetImported, resetWork, resetImportedSite) @call(reset, resetWork, resetSite)
