from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Sync orders"

    def handle(self, *args, **options):  # @def(handle, "handle") @entry(handle, "command manage.py sync_orders")
        self.stdout.write("synced")
