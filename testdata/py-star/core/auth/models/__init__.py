from .internal_user import InternalUser
from .org_user import OrgUser

__all__ = ["InternalUser", "OrgUser"]
