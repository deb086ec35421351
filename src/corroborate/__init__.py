"""corroborate: compare news accounts of one story — who said what, what changed, what is supported."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
