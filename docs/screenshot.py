"""Take docs/report.png: the example story's HTML report, top of the page, in Debian's Chromium.

Run from the repository root: .venv/bin/python docs/screenshot.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from corroborate.analysis import analyze_paths
from corroborate.report.html import render_html
from corroborate.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"]


def main() -> None:
    settings = Settings(outlet_files=(ROOT / "examples" / "outlets.yaml",))
    analysis = analyze_paths([str(ROOT / "examples" / "millbrook-bridge")], settings).analysis
    with tempfile.TemporaryDirectory() as folder:
        page_path = Path(folder) / "report.html"
        page_path.write_text(render_html(analysis), encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 900, "height": 1000})
            page.goto(page_path.as_uri())
            page.locator("#findings a.jump").nth(2).click()  # show a jump to the article's words
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(ROOT / "docs" / "report.png"))
            browser.close()


if __name__ == "__main__":
    main()
