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
    chain = render_invoice.s(2)  # @site(nightlySig, "s") @registered(nightly, renderInvoice, "render_invoice.apply_async() (Celery: queues the task with options)", nightlyAsync, nightlySig)
    email_invoice.send(3)  # @site(nightlySend, "send") @registered(nightly, emailInvoice, "email_invoice.send() (dramatiq: queues the actor)", nightlySend)
    return chain
