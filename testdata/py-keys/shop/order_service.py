from django.db import transaction

from shop.order_signals import order_paid, order_placed


def place_order(order):  # @def(place_order, "place_order")
    order_placed.send_robust(sender=None, order=order)  # @site(placeSend, "send_robust") @event(place_order, on_order_event, "order_placed", placeSend)


def pay_order(order):  # @def(pay_order, "pay_order")
    transaction.on_commit(lambda: order_paid.send(sender=None, order=order))  # @site(paySend, "send") @event(pay_order, on_order_event, "order_paid", paySend)
