"""The optional extras (pyproject.toml): the core works without them, and each command that
needs one says which to install instead of raising a traceback.

A missing package is simulated in a fresh interpreter by putting None in `sys.modules`
for it, which makes `import` fail as if it were not installed.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib

import pytest

from tests.conftest import EXAMPLE, EXAMPLE_OUTLETS, ROOT

# Import names of each extra's packages.
EXTRAS = {
    "web": ("fastapi", "starlette", "uvicorn", "python_multipart"),
    "scale": ("dask", "distributed"),
    "embeddings": ("onnxruntime", "tokenizers"),
}
ALL_EXTRAS = tuple(name for names in EXTRAS.values() for name in names)


def run_without(blocked: tuple[str, ...], code: str) -> subprocess.CompletedProcess[str]:
    """Run `code` in a fresh interpreter in which the `blocked` packages cannot be imported."""
    prelude = f"import sys\nfor name in {blocked!r}:\n    sys.modules[name] = None\n"
    return subprocess.run([sys.executable, "-c", prelude + code], capture_output=True, text=True, cwd=ROOT, timeout=300)


def cli(*args: str) -> str:
    return f"import sys\nsys.argv = ['corroborate', *{list(args)!r}]\nfrom corroborate.cli import run\nrun()\n"


def test_pyproject_declares_the_extras() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    extras = project["optional-dependencies"]
    assert set(EXTRAS) <= set(extras)
    core = " ".join(project["dependencies"])
    for extra in EXTRAS:
        for requirement in extras[extra]:
            name = requirement.split("[")[0].split(">")[0].split("=")[0]
            if name != "corroborate":
                assert name not in core, f"{name} is both core and in the {extra} extra"


def test_help_needs_no_extra() -> None:
    done = run_without(ALL_EXTRAS, cli("--help"))
    assert done.returncode == 0, done.stderr
    assert "analyze" in done.stdout


def test_serve_without_the_web_extra_names_it() -> None:
    done = run_without(EXTRAS["web"], cli("serve", "--db", "unused.db"))
    assert done.returncode == 3, done.stderr
    assert "pip install 'corroborate[web]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_dask_engine_without_the_scale_extra_names_it() -> None:
    code = (
        "from corroborate.errors import UsageError\n"
        "from corroborate.scale.runner import start_engine\n"
        "from corroborate.settings import Settings\n"
        "try:\n"
        "    start_engine(Settings(), 'dask', 1)\n"
        "except UsageError as exc:\n"
        "    print(exc)\n"
    )
    done = run_without(EXTRAS["scale"], code)
    assert done.returncode == 0, done.stderr
    assert "pip install 'corroborate[scale]'" in done.stdout


def test_embeddings_without_the_extra_name_it() -> None:
    code = (
        "from corroborate.align.embeddings import embed\n"
        "from corroborate.errors import ModelNotFoundError\n"
        "try:\n"
        "    embed(['The bridge stays closed.'])\n"
        "except ModelNotFoundError as exc:\n"
        "    print(exc)\n"
    )
    done = run_without(EXTRAS["embeddings"], code)
    assert done.returncode == 0, done.stderr
    assert "pip install 'corroborate[embeddings]'" in done.stdout
    assert "--claims-by-words" in done.stdout


@pytest.mark.model
def test_analyze_by_words_needs_no_extra() -> None:
    done = run_without(
        ALL_EXTRAS,
        cli("analyze", str(EXAMPLE), "--outlets", str(EXAMPLE_OUTLETS), "--claims-by-words", "--format", "json"),
    )
    assert done.returncode == 0, done.stderr
    analysis = json.loads(done.stdout)
    assert analysis["quotes"] and analysis["claim_groups"]
