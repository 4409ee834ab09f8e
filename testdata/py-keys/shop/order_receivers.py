from django.dispatch import receiver

from shop.order_signals import order_paid, order_placed


# One receiver of two custom signals, named in a tuple.
@receiver((order_placed, order_paid), dispatch_uid="shop_order_events")
def on_order_event(sender, **kwargs):  # @def(on_order_event, "on_order_event")
    return sender
