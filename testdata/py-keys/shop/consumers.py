from dapr.ext.grpc import App

from .topics import Topics

app = App()


@app.subscribe(pubsub_name="pubsub", topic=Topics.ORDERS.value)
def on_order(event):  # @def(on_order, "on_order")
    print(event)
