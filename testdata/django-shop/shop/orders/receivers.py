from django.db.models.signals import post_save, pre_delete
from django.dispatch import receiver

from .models import Invoice, Order
from .signals import order_shipped
from shop.invoices.tasks import render_invoice


@receiver(post_save, sender=Order)  # @implicit(orderSaved, "post_save", "Order", 1, 1)
def order_saved(sender, instance, created, **kwargs):  # @def(orderSaved, "order_saved")
    render_invoice.delay(instance.pk)  # @site(savedDelay, "delay") @registered(orderSaved, renderInvoice, "render_invoice.delay() (Celery: queues the task)", savedDelay)


@receiver(post_save, sender=Invoice)  # @implicit(invoiceSaved, "post_save", "Invoice", 1, 1)
def invoice_saved(sender, instance, **kwargs):  # @def(invoiceSaved, "invoice_saved")
    pass


@receiver(pre_delete, sender=Order)  # @implicit(orderDeleting, "pre_delete", "Order", 1, 1)
def order_deleting(sender, instance, **kwargs):  # @def(orderDeleting, "order_deleting")
    pass


@receiver(order_shipped)
def notify_customer(sender, order, **kwargs):  # @def(notifyCustomer, "notify_customer")
    pass


def audit_shipment(sender, order, **kwargs):  # @def(auditShipment, "audit_shipment")
    pass


def connect_audit():  # @def(connectAudit, "connect_audit")
    order_shipped.connect(audit_shipment)  # @site(connectSite, "connect") @registered(connectAudit, auditShipment, "order_shipped.connect()", connectSite)
