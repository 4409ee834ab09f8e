from jd_parser.extract import extract_type
from jd_parser.only import only_copy


def test_backup():  # @def(test_backup, "test_backup")
    assert extract_type("b") == "b"  # @site(backupCall, "extract_type") @call(test_backup, rootExtract, backupCall)
    assert only_copy() == 2  # @site(onlyCall, "only_copy") @call(test_backup, onlyCopy, onlyCall)
