from app.strategy import Client, Strategy


class TestStrategy:
    def _make_strategy(self):
        client = Client()
        strategy = Strategy("main", lambda: client)
        return strategy, client

    def test_generate(self):  # @def(testGenerate, "test_generate")
        strategy, client = self._make_strategy()
        strategy.generate("hi")  # @site(g1, "generate") @call(testGenerate, generate, g1)
        client.close()  # @site(c1, "close") @call(testGenerate, close, c1)


def make_pair():
    s = Strategy("x", None)
    return s, Client()


def test_pair():  # @def(testPair, "test_pair")
    s, c = make_pair()
    s.generate("a")  # @site(g2, "generate") @call(testPair, generate, g2)
    c.close()  # @site(c2, "close") @call(testPair, close, c2)
