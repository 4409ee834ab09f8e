from app.repos.iface import IMockRepo
from app.repos.impl import MockRepo


async def get_mock_repo() -> IMockRepo:
    return MockRepo()
