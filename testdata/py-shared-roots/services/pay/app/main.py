def create_app(settings=None):  # @def(payCreate, "create_app")
    return {"service": "pay", "settings": settings}
