from .repos import get_mock_repo
from .clients import get_client
