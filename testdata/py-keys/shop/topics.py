from enum import Enum

PREFIX = "shop"
ORDERS_TOPIC = PREFIX + ".orders"


class Topics(str, Enum):
    ORDERS = "shop.orders"
    REFUNDS = "shop.refunds"


class Channels:
    ORDERS = ORDERS_TOPIC
