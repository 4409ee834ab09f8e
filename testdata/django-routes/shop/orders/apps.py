from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "shop.orders"

    def ready(self):  # @def(ready, "ready") @entry(ready, "Django lifecycle hook OrdersConfig.ready")
        from . import views  # noqa: F401
