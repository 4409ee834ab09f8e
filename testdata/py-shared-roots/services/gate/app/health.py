class HealthService:
    def ready(self):
        return True
