import pytest

from orders.compose import place


@pytest.fixture
def placing():
    return place
