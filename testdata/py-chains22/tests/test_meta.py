from app.models import Metadata


def load_items():
    return []


def test_signature():  # @def(testSignature, "test_signature")
    found = next((item for item in load_items() if item.kind == "assistant"), None)
    assert found is not None
    assert isinstance(found.meta, Metadata)
    assert found.meta.signature is not None
    sig = found.meta.signature
    assert sig.to_format() == b""  # @site(testFormatSite, "to_format") @call(testSignature, signatureToFormat, testFormatSite)
