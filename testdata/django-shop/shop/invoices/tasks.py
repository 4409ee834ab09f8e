from celery import shared_task
import dramatiq


@shared_task
def render_invoice(order_pk):  # @def(renderInvoice, "render_invoice")
    return order_pk


@dramatiq.actor
def email_invoice(order_pk):  # @def(emailInvoice, "email_invoice")
    return order_pk


def nightly():  # @def(nightly, "nightly")
    render_invoice.apply_async(args=[1])  # @site(nightlyAsync, "apply_async")
    chain = render_invoice.s(2)  # @site(nightlySig, "s") @call(nightly, renderInvoice, nightlyAsync, nightlySig)
    email_invoice.send(3)  # @site(nightlySend, "send") @call(nightly, emailInvoice, nightlySend)
    return chain
