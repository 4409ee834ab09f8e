# Beside both services, under neither: the process that runs it has one
# app package, and only the gateway's has app.health.
from app.health import HealthService
from app.main import create_app


def test_gate():  # @def(testGate, "test_gate")
    app = create_app({"debug": True})  # @site(testGateCall, "create_app") @call(testGate, gateCreate, testGateCall)
    assert HealthService().ready()
    return app
