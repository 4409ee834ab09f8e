from dapr.clients import DaprClient

from . import topics
from .topics import Channels, Topics


def place(client: DaprClient):  # @def(place, "place")
    client.publish_event("pubsub", Topics.ORDERS.value, "{}")  # @site(placePub, "publish_event") @event(place, on_order, "shop.orders", placePub)


def replay(client: DaprClient):  # @def(replay, "replay")
    client.publish_event("pubsub", topics.ORDERS_TOPIC, "{}")  # @site(replayPub, "publish_event") @event(replay, on_order, "shop.orders", replayPub)


def forward(client: DaprClient):  # @def(forward, "forward")
    client.publish_event("pubsub", Channels.ORDERS, "{}")  # @site(forwardPub, "publish_event") @event(forward, on_order, "shop.orders", forwardPub)


def refund(client: DaprClient):  # @def(refund, "refund")
    client.publish_event("pubsub", Topics.REFUNDS.value, "{}")
