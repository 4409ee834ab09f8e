"""Re-exports the line classes under the styles module."""
from billing.render.lines import Line, Lines  # noqa: F401
