from argparse import ArgumentParser

from app.commands.sync_orders import Command as OrdersCommand


class TestOrdersCommand:
    def setup_method(self):
        self.command = OrdersCommand()

    def test_arguments(self):  # @def(testArgs, "test_arguments")
        parser = ArgumentParser()
        self.command.add_arguments(parser)  # @site(a1, "add_arguments") @call(testArgs, ordersArgs, a1)
        # @callers(ordersArgs, testArgs)
