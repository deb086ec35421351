"""The front door: `import corroborate` is cheap, and `__all__` is the curated API that resolves."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

import corroborate
from tests.conftest import ROOT

# What `import corroborate` must not pull in: the package opens the public API lazily,
# and `corroborate --help` must not wait for spaCy.
HEAVY = ("spacy", "pydantic", "numpy", "corroborate.analysis", "corroborate.model")


def test_import_corroborate_loads_nothing_heavy() -> None:
    code = (
        "import sys, corroborate; "
        "assert corroborate.__version__; "
        f"print(','.join(name for name in {HEAVY!r} if name in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "", f"import corroborate imported {done.stdout.strip()}"


def test_all_matches_the_lazy_table() -> None:
    assert len(set(corroborate.__all__)) == len(corroborate.__all__)
    assert set(corroborate.__all__) == {"__version__", *corroborate._LAZY}


@pytest.mark.parametrize("name", corroborate.__all__)
def test_every_public_name_resolves(name: str) -> None:
    value = getattr(corroborate, name)
    assert value is not None
    if name != "__version__":
        module = __import__(corroborate._LAZY[name], fromlist=[name])
        assert value is getattr(module, name)
        assert name in dir(corroborate)


def test_star_import_gives_the_public_api() -> None:
    namespace: dict[str, object] = {}
    exec("from corroborate import *", namespace)
    assert set(corroborate.__all__) <= set(namespace)


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'analyse'"):
        _ = corroborate.analyse  # type: ignore[attr-defined]


def test_the_exceptions_form_one_tree() -> None:
    errors = [getattr(corroborate, name) for name in corroborate._SOURCES["corroborate.errors"]]
    assert all(issubclass(error, corroborate.CorroborateError) for error in errors)


def test_version_has_one_source() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "corroborate._version.__version__"}
