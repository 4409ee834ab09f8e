import asyncio


class Listener:
    def __init__(self):
        self._event = asyncio.Event()

    def resume(self):  # @def(resume, "resume") @callers(resume, testResume, testDirect)
        return 1
