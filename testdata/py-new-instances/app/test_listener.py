import asyncio


def _make_listener():
    from app.listener import Listener

    listener = Listener.__new__(Listener)
    listener._event = asyncio.Event()
    return listener


def test_resume():  # @def(testResume, "test_resume")
    listener = _make_listener()
    listener._event.set()
    listener.resume()  # @site(r1, "resume") @call(testResume, resume, r1)


def test_direct():  # @def(testDirect, "test_direct")
    from app.listener import Listener

    lst = Listener.__new__(Listener)
    lst.resume()  # @site(r2, "resume") @call(testDirect, resume, r2)
