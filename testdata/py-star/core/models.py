from .auth.models import *
