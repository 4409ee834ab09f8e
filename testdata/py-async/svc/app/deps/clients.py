from app.deps import get_mock_repo


async def get_client(chain_id: int):  # @def(getClient, "get_client")
    mock_repo = await get_mock_repo()
    return await mock_repo.retrieve(chain_id=chain_id)  # @site(clientRetrieve, "retrieve") @call(getClient, ifaceRetrieve, clientRetrieve)
