"""Shared fixtures. Texts from ../shared are read in place, never copied here."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
AURORA = SHARED / "corpus" / "aurora"
POLNEAR = SHARED / "bench" / "polnear"
EXAMPLE = ROOT / "examples" / "millbrook-bridge"
EXAMPLE_OUTLETS = ROOT / "examples" / "outlets.yaml"

# The `browser` fixture (headless Chromium), for the report and web app tests.
pytest_plugins = ["tests.browser"]


@pytest.fixture(scope="session")
def nlp():
    """The spaCy pipeline, loaded once per test session: the very one the analysis loads
    (`load_pipeline` caches by its arguments, so a bare `load_pipeline()` would load a
    second copy beside `load_pipeline(settings.model_names)`)."""
    from corroborate.nlp.pipeline import load_pipeline
    from corroborate.settings import Settings

    return load_pipeline(Settings().model_names)


@pytest.fixture(scope="session")
def registry():
    from corroborate.ingest import OutletRegistry

    return OutletRegistry.load([EXAMPLE_OUTLETS])


def require_shared(path: Path) -> Path:
    """Skip (with the reason) when the shared corpus is not beside the checkout."""
    if not path.exists():
        pytest.skip(f"{path} not present: the shared corpus is laid beside the checkout in CI")
    return path
