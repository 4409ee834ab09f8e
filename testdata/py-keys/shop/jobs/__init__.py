# The package passes its tasks on: callers import them from here.
from shop.jobs.pipeline import process_upload

__all__ = ["process_upload"]
