"""The example story's sources: a wire rewrite copying KMBK's paragraph is a copy of
KMBK's article, the quote in it comes through KMBK, and the claim stays single-source."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from corroborate.analysis import analyze_paths
from corroborate.settings import Settings
from tests.conftest import EXAMPLE, EXAMPLE_OUTLETS

pytestmark = pytest.mark.model

KMBK = Path(EXAMPLE) / "02-kmbk-news.txt"
COPIED = 2  # the paragraphs of KMBK's body copied word for word (the spokeswoman's quote among them)


def _wire_rewrite() -> str:
    body = KMBK.read_text("utf-8").split("---\n", 2)[2]
    paragraphs = [p for p in body.split("\n\n") if p.strip()]
    copied = "\n\n".join(paragraphs[1 : 1 + COPIED])
    return (
        '---\ntitle: "Millbrook bridge half closed"\noutlet: "Lakeside Wire"\npublished: "2026-11-12T15:00:00-05:00"\n---\n'
        "Millbrook bridge half closed after inspection\n\n"
        f"{copied}\n\nThe city has set up detours on Water Street for the evening rush.\n"
    )


@pytest.fixture(scope="module")
def with_copy(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("example-with-copy")
    for path in Path(EXAMPLE).glob("*.txt"):
        shutil.copy(path, folder / path.name)
    (folder / "05-lakeside-wire.txt").write_text(_wire_rewrite(), encoding="utf-8")
    return analyze_paths([str(folder)], Settings(outlet_files=(Path(EXAMPLE_OUTLETS),))).analysis


def test_the_rewrite_is_recorded_as_a_copy_of_kmbk(with_copy) -> None:
    copies = [c for c in with_copy.copies if c.article == "05-lakeside-wire"]
    assert len(copies) == COPIED
    assert {(c.source, c.direction_known) for c in copies} == {("02-kmbk-news", True)}
    texts = {a.id: a.text for a in with_copy.articles}
    for copy in copies:
        assert texts[copy.article][copy.start : copy.end] == texts[copy.source][copy.source_start : copy.source_end]


def test_the_copied_quote_comes_through_kmbk_one_origin(with_copy) -> None:
    quotes = {q.id: q for q in with_copy.quotes}
    groups = [
        g
        for g in with_copy.quote_groups
        if any(quotes[q].article == "05-lakeside-wire" and "cracking" in quotes[q].text for q in g.quotes)
    ]
    assert groups  # the spokeswoman's quote, sentence by sentence
    for group in groups:
        assert {"02-kmbk-news", "05-lakeside-wire"} <= {quotes[q].article for q in group.quotes}
        assert "KMBK News" in group.origins
        assert "Lakeside Wire" not in group.origins  # it repeated KMBK's reporting


def test_the_example_statuses(with_copy) -> None:
    statuses = {g.status for g in with_copy.claim_groups}
    assert "conflicting" in statuses and "corroborated" in statuses and "single_source" in statuses
    # The traffic count copied from KMBK is KMBK's figure, not a second source for it.
    [copied] = [c for c in with_copy.claims if c.article == "05-lakeside-wire" and "55,000" in c.text]
    [group] = [g for g in with_copy.claim_groups if copied.id in g.claims]
    assert "KMBK News" in group.sources and "Lakeside Wire" not in group.sources


def test_the_contractors_denial_disputes_the_claim(with_copy) -> None:
    """Finding 7: "the company's office denied …" (KMBK) and "The company denied …"
    (Metro Daily) are Brandt & Shaw Construction's, named a sentence before; one
    identity, and the group of the denied claim is disputed by it."""
    [company] = [e for e in with_copy.entities if e.name.startswith("Brandt & Shaw Construction")]
    denials = [q for q in with_copy.quotes if q.cue is not None and q.cue.text == "denied"]
    assert {q.article for q in denials} >= {"02-kmbk-news", "04-metro-daily"}
    denied = [q for q in denials if "maintenance" in q.text]
    assert len(denied) >= 2 and all(q.speaker.entity == company.id for q in denied)
    [group] = [g for g in with_copy.claim_groups if any("scheduled maintenance" in e["text"] for e in g.evidence)]
    assert group.status == "disputed" and group.disputed_by == (company.name,)
