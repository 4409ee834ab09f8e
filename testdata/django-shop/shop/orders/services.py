from .models import Draft, Invoice, Order
from .signals import order_shipped


def ship_order(order: Order):  # @def(shipOrder, "ship_order")
    order.ship()  # @site(shipOrderShip, "ship") @call(shipOrder, ship, shipOrderShip)
    order_shipped.send(sender=Order, order=order)  # @site(shippedSend, "send") @event(shipOrder, notifyCustomer, "order_shipped", shippedSend) @event(shipOrder, auditShipment, "order_shipped", shippedSend)


def bill(order: Order):  # @def(bill, "bill")
    # Invoice's receivers hear this; order_saved does not (sender=Order).
    Invoice.objects.create(total=1)  # @site(billCreate, "create") @sends(bill, invoiceSaved, "post_save", billCreate)
    order.delete()  # @site(billDelete, "delete") @sends(bill, orderDeleting, "pre_delete", billDelete)


def keep_draft():  # @def(keepDraft, "keep_draft")
    draft = Draft()
    draft.save()  # @site(draftSaveCall, "save") @call(keepDraft, draftSave, draftSaveCall)
