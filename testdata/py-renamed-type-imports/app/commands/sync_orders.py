class Command:
    def add_arguments(self, parser):  # @def(ordersArgs, "add_arguments")
        parser.add_argument("--full")
