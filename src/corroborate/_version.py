"""The one source of the version: pyproject.toml reads it from here (tool.setuptools.dynamic),
and every module that names the tool's version imports it from here (not from the package,
whose `__init__` opens the public API)."""

__version__ = "0.1.0"
