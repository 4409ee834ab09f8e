"""The render package re-exports its line class."""
from .lines import Line as Line  # noqa: F401
