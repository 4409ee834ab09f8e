from django.dispatch import Signal

# A custom signal, and the names its publishers use.
order_shipped = Signal()
