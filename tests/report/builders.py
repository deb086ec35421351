"""Small hand-made analyses for the report tests: no model needed; every text here is written for these tests."""

from __future__ import annotations

from pathlib import Path

from corroborate.assess.citations import citation_graph
from corroborate.model import (
    Analysis,
    Article,
    Citation,
    Claim,
    ClaimGroup,
    DateMention,
    Entity,
    GroupMember,
    Provenance,
    Quote,
    QuoteGroup,
    QuotePair,
    Role,
    Speaker,
    TextSpan,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PAYLOAD = FIXTURES / "payload"

HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2"></textarea></script>'


def _span(text: str, words: str, after: int = 0) -> tuple[int, int]:
    start = text.index(words, after)
    return start, start + len(words)


def hand_made(*, hostile: bool = False, citations: bool = True, url: str = "https://one.example/story") -> Analysis:
    """Two articles, a drifted and altered quote group, a conflicting claim group, a dated claim, citations."""
    extra = HOSTILE if hostile else ""
    text_a = f'Mayor Ann Lee{extra} said the bridge carries 40,000 cars on Monday. "We will not gamble with anyone\'s safety," Lee said. The Post reported it first.'
    text_b = 'Mayor Ann Lee said the bridge carries 55,000 cars. "We will not gamble with people\'s safety," said Bo Ray. =SUM(A1) said the Herald.'
    a_words = _span(text_a, "We will not gamble with anyone's safety,")
    b_words = _span(text_b, "We will not gamble with people's safety,")
    claim_a = _span(text_a, f"Mayor Ann Lee{extra} said the bridge carries 40,000 cars on Monday.")
    claim_b = _span(text_b, "Mayor Ann Lee said the bridge carries 55,000 cars.")
    monday = _span(text_a, "Monday")
    articles = (
        Article(
            id="a-one",
            source="a-one.txt",
            outlet=f"One News{extra}",
            title=f"Bridge {extra}news",
            published="2026-01-05",
            language="en",
            text=text_a,
            url=url,
        ),
        Article(
            id="b-two", source="b-two.txt", outlet="Two Times", title="Bridge", published="2026-01-06", language="en", text=text_b
        ),
    )
    quotes = (
        Quote(
            id="a-one:q1",
            article="a-one",
            kind="direct",
            text=text_a[a_words[0] : a_words[1]],
            start=a_words[0],
            end=a_words[1],
            zone="body",
            speaker=Speaker(entity="e1", name="Ann Lee", mention=TextSpan(start=0, end=13, text="Mayor Ann Lee")),
            rule="test",
            confidence=0.9,
        ),
        Quote(
            id="b-two:q1",
            article="b-two",
            kind="direct",
            text=text_b[b_words[0] : b_words[1]],
            start=b_words[0],
            end=b_words[1],
            zone="body",
            speaker=Speaker(entity="e2", name="Bo Ray", description=f"a {extra}spokesman"),
            rule="test",
            confidence=0.9,
        ),
    )
    group = QuoteGroup(
        id="g1",
        quotes=("a-one:q1", "b-two:q1"),
        members=(
            GroupMember(quote="a-one:q1", start=a_words[0], end=a_words[1]),
            GroupMember(quote="b-two:q1", start=b_words[0], end=b_words[1]),
        ),
        difference="substantive",
        pairs=(QuotePair(a="a-one:q1", b="b-two:q1", difference="substantive", changed=(("anyone's",), ("people's",))),),
        speakers=("e1", "e2"),
        attribution_drift=True,
    )
    claims = (
        Claim(
            id="a-one:c1",
            article="a-one",
            text=text_a[claim_a[0] : claim_a[1]],
            start=claim_a[0],
            end=claim_a[1],
            dates=(DateMention(text="Monday", start=monday[0], end=monday[1], value="2026-01-05"),),
        ),
        Claim(id="b-two:c1", article="b-two", text=text_b[claim_b[0] : claim_b[1]], start=claim_b[0], end=claim_b[1]),
    )
    claim_group = ClaimGroup(
        id="cg1",
        claims=("a-one:c1", "b-two:c1"),
        status="conflicting",
        outlets=(articles[0].outlet or "", "Two Times"),
        sources=("One News", "Two Times"),
        independent_sources=2,
        conflicts=({"kind": "quantity", "a": "a-one:c1", "b": "b-two:c1", "a_text": "40,000 cars", "b_text": "55,000 cars"},),
    )
    entities = (
        Entity(id="e1", name="Ann Lee", kind="person", roles=(Role(article="a-one", text="Mayor"),)),
        Entity(id="e2", name="Bo Ray", kind="person"),
    )
    cites: tuple[Citation, ...] = ()
    if citations:
        post = _span(text_a, "The Post reported it first.")
        herald = _span(text_b, "=SUM(A1) said the Herald.")
        cites = (
            Citation(article="a-one", cites="The Post", text=text_a[post[0] : post[1]], start=post[0], end=post[1]),
            Citation(article="b-two", cites="One News", text=text_b[herald[0] : herald[1]], start=herald[0], end=herald[1]),
            Citation(article="b-two", cites="Two Times", text="x", start=0, end=1, **{"self": True}),
        )
    return Analysis(
        provenance=Provenance(
            tool_version="0.0-test", model=None, model_version=None, settings={}, inputs=(), created="2026-01-07T00:00:00Z"
        ),
        articles=articles,
        entities=entities,
        quotes=quotes,
        quote_groups=(group,),
        claims=claims,
        claim_groups=(claim_group,),
        citations=cites,
        citation_graph=tuple(citation_graph(cites, articles)),
    )
