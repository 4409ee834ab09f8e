from unittest.mock import MagicMock

import pytest


class TestHealer:
    @pytest.fixture(autouse=True)
    def _setup(self):
        from app.agents import Healer

        self.cls = Healer
        yield

    def test_run(self):  # @def(testHealer, "test_run")
        agent = self.cls()
        agent.run({})  # @site(h1, "run") @call(testHealer, healerRun, h1)


class TestAnalyst:
    @pytest.fixture(autouse=True)
    def _setup(self):
        from app.agents import Analyst

        self.cls = Analyst
        yield

    def test_run(self):  # @def(testAnalyst, "test_run")
        self.cls().run({})  # @site(a1, "run") @call(testAnalyst, analystRun, a1)


class TestAliased:
    # the same local name imported in two methods: each binds it in its own
    def setup_method(self):
        from app.agents import Healer as Agent

        self.first = Agent

    def setup_other(self):
        from app.agents import Analyst as Agent

        self.second = Agent

    def test_both(self):  # @def(testBoth, "test_both")
        self.first().run({})  # @site(b1, "run") @call(testBoth, healerRun, b1)
        self.second().summary()  # @site(b2, "summary") @call(testBoth, analystSummary, b2)


class TestMocked:
    def setup_method(self):
        self.cls = MagicMock

    def test_mocked(self):
        # a library's class: its run, never the workspace's
        self.cls().run({})
