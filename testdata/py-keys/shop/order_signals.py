from django.dispatch import Signal as DjangoSignal

order_placed = DjangoSignal()
order_paid = DjangoSignal()
reporter_forgotten = DjangoSignal()
