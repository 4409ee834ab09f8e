from django.db import models


class OrgUser(models.Model):
    def check_login_allowed(self):  # @def(orgAllowed, "check_login_allowed")
        return True
