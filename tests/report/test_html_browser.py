"""The HTML report in headless Chromium: sections, jumps to spans, no script from the data, no network.

Chromium is Debian's (`/usr/bin/chromium`), driven by the `playwright` package; the
tests never download a browser. Without Chromium they skip, saying how to install it
(`make browser`, or `apt-get install -y chromium`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from corroborate.model import Analysis
from corroborate.report.html import render_html
from tests.report.builders import hand_made

pytestmark = pytest.mark.model

SECTIONS = ("findings", "speakers", "groups", "claims", "citations", "timeline", "articles")


@pytest.fixture(scope="module")
def reports(
    tmp_path_factory: pytest.TempPathFactory, example_analysis_for_reports: Analysis, payload_analysis: Analysis
) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("reports")
    paths = {}
    for name, analysis in (("example", example_analysis_for_reports), ("payload", payload_analysis), ("hand", hand_made())):
        paths[name] = folder / f"{name}.html"
        paths[name].write_text(render_html(analysis), encoding="utf-8")
    return paths


class Visit:
    """A page opened on one report, recording console errors, dialogs and every request."""

    def __init__(self, browser: Any, path: Path, width: int = 1100, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height}, java_script_enabled=True)
        self.page = self.context.new_page()
        self.url = path.as_uri()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", self._dialog)
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.context.route("**/*", lambda route: route.continue_() if route.request.url == self.url else route.abort())
        self.page.goto(self.url)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def visit(browser: Any) -> Iterator[Any]:
    opened: list[Visit] = []

    def open_report(path: Path, **size: int) -> Visit:
        opened.append(Visit(browser, path, **size))
        return opened[-1]

    yield open_report
    for v in opened:
        v.close()


def in_viewport(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate(
            """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                 return r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth; }""",
            selector,
        )
    )


def test_every_section_is_visible_and_nothing_is_fetched(visit: Any, reports: dict[str, Path]) -> None:
    v = visit(reports["example"])
    for section in SECTIONS:
        assert v.page.locator(f"#{section}").is_visible(), section
        assert v.page.locator(f"#{section} h2").is_visible(), section
    assert v.page.locator("#findings .finding").count() >= 2
    assert v.page.locator("#groups .variant").count() >= 4
    assert v.page.locator("#claims table.matrix tbody tr").count() >= 2
    assert v.page.locator("#citations svg").is_visible()
    assert v.requests == [v.url], v.requests
    assert v.errors == [] and v.dialogs == []


def test_a_click_on_a_finding_highlights_its_words_in_the_article(visit: Any, reports: dict[str, Path]) -> None:
    v = visit(reports["example"])
    link = v.page.locator("#findings a.jump").first
    href = link.get_attribute("href")
    assert href and re.fullmatch(r"#s\d+", href)
    words = link.inner_text().strip("“”")
    link.click()
    v.page.wait_for_function("(id) => document.getElementById(id).classList.contains('hl')", arg=href[1:])
    target = f"#articles {href}"
    assert v.page.evaluate("() => document.querySelector(':target') && document.querySelector(':target').id") == href[1:]
    assert in_viewport(v.page, target)
    assert v.page.locator(target).inner_text() == words
    assert v.page.locator("#status").is_visible() and "Showing:" in v.page.locator("#status-text").inner_text()
    # A second finding: the first highlight goes, the new one comes.
    second = v.page.locator("#claims a.jump").first
    second_id = (second.get_attribute("href") or "")[1:]
    second.click()
    v.page.wait_for_function("(id) => document.getElementById(id).classList.contains('hl')", arg=second_id)
    assert "hl" not in (v.page.locator(href).get_attribute("class") or "")
    assert in_viewport(v.page, f"#{second_id}")
    assert v.errors == [] and v.requests == [v.url]


def test_keyboard_reaches_findings_with_a_visible_focus(visit: Any, reports: dict[str, Path]) -> None:
    v = visit(reports["example"])
    v.page.keyboard.press("Tab")
    assert v.page.evaluate("() => document.activeElement.className") == "skip"
    assert v.page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") != "none"
    link = v.page.locator("#findings a.jump").nth(1)
    link.focus()
    target = (link.get_attribute("href") or "")[1:]
    v.page.keyboard.press("Enter")
    v.page.wait_for_function("(id) => document.getElementById(id).classList.contains('hl')", arg=target)
    assert v.page.evaluate("() => document.activeElement.id") == target
    v.page.locator("#status-back").click()
    assert v.page.evaluate("() => document.activeElement.getAttribute('href')") == f"#{target}"


def test_payload_runs_no_script_and_shows_as_text(visit: Any, reports: dict[str, Path]) -> None:
    v = visit(reports["payload"])
    v.page.wait_for_timeout(200)
    assert v.page.evaluate("() => typeof window.__pwned") == "undefined"
    assert v.dialogs == []
    assert v.errors == []
    body = v.page.locator("body").inner_text()
    assert "<script>window.__pwned = 'title'</script>" in body
    assert "</textarea><script>alert('quote')</script>" in body
    assert "javascript:window.__pwned='url'" not in [a for a in v.page.locator("a").evaluate_all("as => as.map(a => a.href)")]
    assert v.page.locator("img, iframe, svg[onload], textarea").count() == 0
    # Every link click stays inside the page.
    for link in v.page.locator("a.jump").all()[:5]:
        link.click()
    assert v.page.evaluate("() => typeof window.__pwned") == "undefined"
    assert v.requests == [v.url], v.requests


def test_the_policy_blocks_a_script_injected_later(visit: Any, reports: dict[str, Path]) -> None:
    v = visit(reports["payload"])
    v.page.evaluate(
        """() => { const s = document.createElement('script'); s.textContent = 'window.__pwned = 9';
                   document.body.appendChild(s);
                   const d = document.createElement('div'); d.setAttribute('onclick', 'window.__pwned = 8');
                   document.body.appendChild(d); d.click(); }"""
    )
    assert v.page.evaluate("() => typeof window.__pwned") == "undefined"


def test_citation_graph_is_drawn(visit: Any, reports: dict[str, Path]) -> None:
    v = visit(reports["hand"])
    graph = v.page.locator("#citations svg")
    graph.scroll_into_view_if_needed()
    assert graph.is_visible()
    assert v.page.locator("#citations svg line").count() == 2
    box = graph.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 100
    assert v.errors == []


def test_phone_width_has_no_sideways_scroll_and_print_hides_navigation(visit: Any, reports: dict[str, Path]) -> None:
    v = visit(reports["example"], width=375, height=740)
    assert v.page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert v.page.locator("#groups .variant").first.bounding_box()["width"] <= 375
    v.page.emulate_media(media="print")
    assert not v.page.locator("nav").is_visible()
    assert v.page.locator("#articles").is_visible()
    assert v.errors == []
