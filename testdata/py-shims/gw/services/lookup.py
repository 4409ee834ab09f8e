"""The old path of a module moved into a package, kept by a star import."""

import sys

from gw.services.cache.lookup import *  # noqa: F401,F403
from gw.services.cache.lookup import __dict__ as _canonical_dict  # noqa: F401

sys.modules[__name__] = sys.modules["gw.services.cache.lookup"]
