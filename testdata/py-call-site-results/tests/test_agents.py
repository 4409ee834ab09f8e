from app.agents import Analyst, Healer


def _make_agent(cls, call_json_return=None):
    # unannotated: pyright infers the result for each call from its arguments
    agent = cls()
    agent.call_json = call_json_return
    return agent


def _build(factory):
    return factory()


def _wrap(kind):
    return _build(kind)


def trace(fn):
    return fn


@trace
def _decorated(cls):
    return cls()


class TestHealer:
    def setup_method(self):
        self.cls = Healer

    def test_field(self):  # @def(testField, "test_field")
        agent = _make_agent(self.cls, call_json_return={})
        agent.run({})  # @site(h1, "run") @call(testField, healerRun, h1)

    def test_keyword(self):  # @def(testKeyword, "test_keyword")
        agent = _make_agent(cls=Analyst)
        agent.run({})  # @site(a1, "run") @call(testKeyword, analystRun, a1)

    def test_direct(self):  # @def(testDirect, "test_direct")
        _build(Analyst).summary()  # @site(s1, "summary") @call(testDirect, analystSummary, s1)

    def test_nested(self):  # @def(testNested, "test_nested")
        # a call inside the inferred function's own inference: pyright
        # infers nothing, so the site is no precise caller
        _wrap(Healer).run({})

    def test_unpacked(self):  # @def(testUnpacked, "test_unpacked")
        # an unpacked argument: pyright infers nothing at the call
        classes = [Analyst]
        _build(*classes).summary()  # @site(s2, "summary") @namecall(testUnpacked, analystSummary, s2)

    def test_decorated(self):  # @def(testDecorated, "test_decorated")
        # a decorated function: pyright infers nothing at the call
        _decorated(Analyst).summary()  # @site(s3, "summary") @namecall(testDecorated, analystSummary, s3)

    def _helper(self, kind):
        return kind()

    def test_method(self):  # @def(testMethod, "test_method")
        self._helper(Healer).run({})  # @site(h3, "run") @call(testMethod, healerRun, h3)
