class Command:
    def add_arguments(self, parser):  # @def(allArgs, "add_arguments") @nocallers(allArgs)
        parser.add_argument("--since")
