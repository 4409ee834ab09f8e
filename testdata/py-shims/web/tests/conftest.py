import pytest
from rest_framework.test import APIRequestFactory as DRFAPIRequestFactory

from web.client.outgoing import BasicHttpClient, SDKManager, Store


class APIRequestFactory(DRFAPIRequestFactory):
    def request(self, *args, **kwargs):
        return super().request(*args, **kwargs)


@pytest.fixture(scope="class")
def request_factory():
    return APIRequestFactory()


@pytest.fixture
def http_client():
    return BasicHttpClient()


@pytest.fixture
def manager(mocker):
    manager = SDKManager()
    mocker.patch.object(manager, "generator_cls", None)
    return manager


@pytest.fixture
def store(tmp_path):
    s = Store()
    yield s
    s.close = None


@pytest.fixture
def manager_and_mocks():
    # a fixture handing over a tuple: the test unpacks it
    manager = SDKManager()
    mocks = {"generator": None}
    return manager, mocks
