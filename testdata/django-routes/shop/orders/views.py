# @module(viewsModule)
from django.http import JsonResponse
from django.views import View
from flask import Flask
from rest_framework import viewsets
from rest_framework.decorators import action

app = Flask(__name__)


def health(request):  # @def(health, "health")
    return JsonResponse({"ok": True})


def order_summary(request, pk):  # @def(summary, "order_summary")
    return JsonResponse({"pk": pk})


def legacy(request):  # @def(legacy, "legacy")
    return JsonResponse({})


class OrderHistoryView(View):
    def get(self, request):  # @def(historyGet, "get")
        return JsonResponse([])

    def helper(self):  # @def(historyHelper, "helper") @callers(historyHelper)
        return 1


class OrderViewSet(viewsets.ModelViewSet):
    def list(self, request):  # @def(ordersList, "list")
        return JsonResponse([])

    def retrieve(self, request, pk=None):  # @def(ordersRetrieve, "retrieve")
        return JsonResponse({})

    @action(detail=True, methods=["post"])
    def ship(self, request, pk=None):  # @def(ordersShip, "ship")
        return JsonResponse({})


class ReportViewSet(viewsets.ViewSet):
    def list(self, request):  # @def(reportsList, "list") @entry(reportsList, "route GET")
        return JsonResponse([])

    @action(detail=False, methods=["get"], url_path="weekly")
    def weekly(self, request):  # @def(reportsWeekly, "weekly") @entry(reportsWeekly, "route GET /weekly/")
        return JsonResponse([])


@app.route("/ping", methods=["POST"])
def ping():  # @def(ping, "ping") @entry(ping, "Flask route POST /ping")
    return "pong"


# Flask 2's shortcut, spelled as FastAPI's: the file imports Flask.
@app.get("/version")
def version():  # @def(version, "version") @entry(version, "Flask route GET /version")
    return "1"


def status():  # @def(status, "status")
    return "ok"


app.add_url_rule("/status", view_func=status)  # @site(ruleStatus, "add_url_rule") @registered(viewsModule, status, "app.add_url_rule(/status)", ruleStatus)
