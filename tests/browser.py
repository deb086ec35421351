"""Headless Chromium for the browser tests (the HTML report, the web app): Debian's
`/usr/bin/chromium` driven by the `playwright` package, never a downloaded browser.
Without Chromium or playwright the tests skip, saying how to install them. A pytest
plugin (tests/conftest.py names it), so any test module may ask for `browser`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
INSTALL_HINT = "Chromium not installed: run `make browser` (as root: apt-get install -y chromium)"
# Without the background-networking flags Chromium tries to reach Google's hosts at start.
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module that asks for it."""
    playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed: make test installs it")
    if not CHROMIUM.exists():
        pytest.skip(INSTALL_HINT)
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()
