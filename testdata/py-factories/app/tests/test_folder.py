from app.folder import Folder, make_folder


def test_key():  # @def(testKey, "test_key")
    another_folder = Folder.create("Another")
    another_folder.get_encryption_key(requestor=None)  # @site(testKeySite, "get_encryption_key") @call(testKey, getKey, testKeySite)


def test_empty():  # @def(testEmpty, "test_empty")
    folder1 = Folder.empty()
    folder1.get_encryption_key()  # @site(testEmptySite, "get_encryption_key") @call(testEmpty, getKey, testEmptySite)
