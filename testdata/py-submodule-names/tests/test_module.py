import app.tags.main


def test_module():
    assert app.tags.main is not None
