from django.db import models


class InternalUser(models.Model):
    def check_login_allowed(self):  # @def(internalAllowed, "check_login_allowed") @nocallers(internalAllowed)
        return True
