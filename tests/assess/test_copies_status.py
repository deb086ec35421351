"""Copied passages, spokespeople speaking for their principals, and claim status order."""

from __future__ import annotations

from corroborate.assess.claim_status import principals, status_of
from corroborate.assess.copies import find_copies
from corroborate.model import Article, Entity, Role

WIRE = (
    "Crews closed the harbour road on Tuesday after a sinkhole opened beside the fish market, "
    "and the port authority said repairs would take at least three weeks to complete."
)


def article(article_id: str, text: str, published: str | None = None) -> Article:
    return Article(
        id=article_id, source=article_id, outlet=article_id.upper(), title=None, published=published, language="en", text=text
    )


def test_a_copied_paragraph_points_at_the_earlier_article() -> None:
    first = article("wire", f"{WIRE}\n\nMore to follow.", published="2026-03-02")
    copy = article("paper", f"Local news in brief.\n\n{WIRE}\n\nTraffic was diverted.", published="2026-03-03")
    other = article("other", "A new bakery opened on Main Street, selling rye bread and cakes to a long queue of neighbours.")
    [found] = find_copies([copy, first, other])
    assert (found.article, found.source, found.direction_known) == ("paper", "wire", True)
    assert copy.text[found.start : found.end] == WIRE
    assert first.text[found.source_start : found.source_end] == WIRE


def test_different_reports_are_no_copies() -> None:
    a = article("a", "The harbour road closed on Tuesday when a sinkhole appeared near the market, officials said today.")
    b = article("b", "A sinkhole near the fish market shut the harbour road, and repairs may last weeks, the port says.")
    assert find_copies([a, b]) == []


def person(entity_id: str, name: str, *roles: str) -> Entity:
    return Entity(id=entity_id, name=name, kind="person", roles=tuple(Role(article="a", text=r) for r in roles))


def test_a_spokeswoman_speaks_for_the_governor() -> None:
    governor = person("e1", "Ana Reyes", "Gov.")
    spokeswoman = person("e2", "Lia Park", "a spokeswoman for the governor")
    aide = person("e3", "Tom Ode", "Reyes' aide")
    mayor = person("e4", "Bo Lund", "Mayor")
    assert principals([governor, spokeswoman, aide, mayor]) == {"e2": "e1", "e3": "e1"}


def test_status_is_the_most_severe() -> None:
    assert status_of([{"kind": "quantity"}], ["X"], ["a", "b"]) == "conflicting"
    assert status_of([], ["X"], ["a", "b"]) == "disputed"
    assert status_of([], [], ["a", "b"]) == "corroborated"
    assert status_of([], [], ["a"]) == "single_source"
