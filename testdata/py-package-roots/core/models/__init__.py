from .alert import *
from .storage import *
