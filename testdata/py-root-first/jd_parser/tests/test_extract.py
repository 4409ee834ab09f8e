from jd_parser.extract import extract_type


def test_root():  # @def(test_root, "test_root")
    assert extract_type(" a ") == "a"  # @site(rootCall, "extract_type") @call(test_root, rootExtract, rootCall)
