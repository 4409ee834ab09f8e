# @module(orderUrls)
from django.conf.urls import url
from django.urls import include, path, re_path
from rest_framework.routers import DefaultRouter

from . import views
from .views import OrderHistoryView, OrderViewSet, health

router = DefaultRouter()
router.register("orders", OrderViewSet, basename="order")  # @site(regOrders, "register") @registered(orderUrls, ordersList, "router.register(orders)", regOrders) @registered(orderUrls, ordersRetrieve, "router.register(orders)", regOrders) @registered(orderUrls, ordersShip, "router.register(orders)", regOrders)

urlpatterns = [
    path("v2/", include(router.urls)),
    path("health/", health, name="health"),  # @site(pathHealth, "path") @registered(orderUrls, health, "path(health/)", pathHealth)
    path("orders/<int:pk>/summary/", views.order_summary),  # @site(pathSummary, "path") @registered(orderUrls, summary, "path(orders/<int:pk>/summary/)", pathSummary)
    re_path(r"^history/$", OrderHistoryView.as_view()),  # @site(pathHistory, "re_path") @registered(orderUrls, historyGet, "re_path(r^history/$)", pathHistory)
    url(r"^legacy/$", views.legacy),  # @site(urlLegacy, "url") @registered(orderUrls, legacy, "url(r^legacy/$)", urlLegacy)
]
