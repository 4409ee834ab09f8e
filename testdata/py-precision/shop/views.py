from django.http import HttpRequest
from .models import Order, Customer
from .cache import Cache


def order_detail(pk):  # @def(order_detail, "order_detail")
    order = Order.objects.get(pk=pk)
    qs = Order.objects.filter(total=1)
    first = qs.get()
    again = Customer.objects.filter(name="x").get()
    for o in Order.objects.all():
        o.save()
    return order, first, again


def builtins(pk):  # @def(builtins, "builtins")
    d = {}
    d.get("x")
    words = "a,b"
    return words.split(",")


def untyped(thing, pk):  # @def(untyped, "untyped")
    return thing.get(pk)  # @site(thingGet, "get") @namecall(untyped, CacheGet, thingGet)


def cached(pk):  # @def(cached, "cached")
    cache = Cache()
    return cache.get(pk)  # @site(cacheGet, "get") @call(cached, CacheGet, cacheGet)


class Registry:
    def __init__(self):
        self.table = {}

    def lookup(self, key):  # @def(lookup, "lookup")
        return self.table.get(key)


def from_request(request: HttpRequest | None = None):  # @def(from_request, "from_request")
    request.get("x")
    return request.GET.get("language") if request else None
