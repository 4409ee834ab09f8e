import click


@click.group()
def cli():  # @def(cli, "cli") @entry(cli, "command cli")
    pass


@cli.command()
def sync_orders():  # @def(syncOrders, "sync_orders") @entry(syncOrders, "command sync-orders")
    pass
