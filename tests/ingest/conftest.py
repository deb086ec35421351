"""Fixtures for the ingestion tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ingest.helpers import GOOD_TEXT, write


@pytest.fixture
def good_file(tmp_path: Path) -> Path:
    """A good input to load beside the bad ones: it must still load."""
    return write(tmp_path / "good" / "good-one.txt", GOOD_TEXT)
