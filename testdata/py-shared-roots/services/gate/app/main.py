from app.health import HealthService


def create_app(settings=None):  # @def(gateCreate, "create_app")
    return {"service": "gate", "health": HealthService(), "settings": settings}
