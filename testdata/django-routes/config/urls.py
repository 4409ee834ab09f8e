# @module(rootUrls)
from django.urls import include, path

urlpatterns = [
    path("api/", include("shop.orders.urls")),
]
