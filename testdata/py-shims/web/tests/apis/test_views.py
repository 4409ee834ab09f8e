import pytest


class TestStageSyncViewSet:
    @pytest.fixture(autouse=True)
    def setup_fixture(self, request_factory):
        self.factory = request_factory

    def test_sync(self, request_factory):
        # the fixture's value, a Django REST framework request factory: its
        # post is the library's, never BasicHttpClient.post
        request = request_factory.post("/api/v1/sync/")
        return request

    def test_create(self):
        request = self.factory.post("/")
        return request


def test_send(http_client):  # @def(testSend, "test_send")
    # a fixture whose value is the project's client: a name match, as
    # pyright types no fixture parameter
    return http_client.post("/x")  # @site(sendSite, "post") @namecall(testSend, basicPost, sendSite)


def test_handle(manager):  # @def(testHandle, "test_handle")
    # the fixture returns the local it built: an SDKManager, never a Component
    return manager.handle("out", "1.0")  # @site(handleSite, "handle") @namecall(testHandle, sdkHandle, handleSite)


def test_upload(manager):  # @def(testUpload, "test_upload")
    # what a chain from the fixture's value reaches (its client field, a
    # BasicHttpClient) is no more typed by pyright than the value itself: a
    # name match too (document-ai-assistant's db_uow.documents)
    return manager.client.post("/y")  # @site(uploadSite, "post") @namecall(testUpload, basicPost, uploadSite)


def test_training(store):  # @def(testTraining, "test_training")
    # a generator fixture hands the test what it yields: a Store
    return store.training_examples("admin")  # @site(trainingSite, "training_examples") @namecall(testTraining, storeTraining, trainingSite)


def test_generate(rf):
    # pytest-django's rf, with no fixture of that name in the workspace: a
    # Django RequestFactory, whose post is never a project method
    return rf.post("", data={"language": "python"})


class TestUnpackedFixture:
    def test_unpacked(self, manager_and_mocks):  # @def(testUnpacked, "test_unpacked")
        # the fixture returns (manager, mocks); its first place is an SDKManager
        manager, mocks = manager_and_mocks
        return manager.handle("out", "2.0")  # @site(unpackedSite, "handle") @namecall(testUnpacked, sdkHandle, unpackedSite)
