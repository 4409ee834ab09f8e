class Client:
    def close(self):  # @def(close, "close") @callers(close, testGenerate, testPair)
        return None


class Strategy:
    def __init__(self, name, factory):
        self.name = name

    def generate(self, prompt):  # @def(generate, "generate") @callers(generate, testGenerate, testPair)
        return prompt
