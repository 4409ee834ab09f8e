from app.repos.iface import IMockRepo


class MockRepo(IMockRepo):
    async def retrieve(self, chain_id: int):  # @def(implRetrieve, "retrieve") @nocallers(implRetrieve)
        return chain_id
