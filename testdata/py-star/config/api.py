from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.models import OrgUser


def check_org_user(org_user: "OrgUser") -> "OrgUser":  # @def(checkOrgUser, "check_org_user")
    org_user.check_login_allowed()  # @site(allowedSite, "check_login_allowed") @call(checkOrgUser, orgAllowed, allowedSite)
    return org_user
