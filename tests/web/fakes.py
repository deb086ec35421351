"""A stand-in for the model-backed analyser, so route tests run in milliseconds.

It finds `"…," NAME said` quotes with a regular expression, groups identical and
near-identical words across articles, and saves nothing but what the real one saves:
the story's rows go to the store through `CorpusStore.save_story` (the job does that).
"""

from __future__ import annotations

import datetime as dt
import re
import time
from typing import Any

from corroborate.model import (
    Analysis,
    Article,
    CitationEdge,
    Claim,
    ClaimGroup,
    Entity,
    GroupMember,
    Provenance,
    Quote,
    QuoteGroup,
    QuotePair,
    Speaker,
)
from corroborate.settings import Settings

QUOTE = re.compile(r"[\"“]([^\"”]{3,300}?),?[\"”],? (?:said )?([A-Z][a-z]+(?: [A-Z][a-z]+)?)(?: said)?")
SLOW_SECONDS = {"value": 0.0}  # tests raise it to watch a job run


def fake_analyse(store: Any, articles: list[Article], settings: Settings, progress: Any) -> tuple[Analysis, list[str], str]:
    quotes: list[Quote] = []
    names: dict[str, str] = {}
    for done, article in enumerate(articles, start=1):
        for n, match in enumerate(QUOTE.finditer(article.text)):
            name = match.group(2)
            entity = names.setdefault(name, f"e{len(names) + 1}")
            quotes.append(
                Quote(
                    id=f"{article.id}-q{n + 1}",
                    article=article.id,
                    kind="direct",
                    text=match.group(1),
                    start=match.start(1),
                    end=match.end(1),
                    zone="body",
                    speaker=Speaker(entity=entity, name=name),
                    rule="fake",
                    confidence=0.9,
                )
            )
        progress("extracting quotes and speakers", done, len(articles))
        time.sleep(SLOW_SECONDS["value"])
    groups = []
    by_words: dict[str, list[Quote]] = {}
    for quote in quotes:
        by_words.setdefault(" ".join(quote.text.lower().split()[:4]), []).append(quote)
    for index, members in enumerate(g for g in by_words.values() if len(g) > 1):
        differ = len({m.text for m in members}) > 1
        speakers = tuple(dict.fromkeys(m.speaker.entity for m in members if m.speaker.entity))
        pairs = (
            QuotePair(
                a=members[0].id,
                b=members[1].id,
                difference="substantive" if differ else "identical",
                changed=(
                    tuple(set(members[0].text.split()) - set(members[1].text.split())),
                    tuple(set(members[1].text.split()) - set(members[0].text.split())),
                ),
            ),
        )
        groups.append(
            QuoteGroup(
                id=f"g{index + 1}",
                quotes=tuple(m.id for m in members),
                members=tuple(GroupMember(quote=m.id, start=m.start, end=m.end) for m in members),
                difference="substantive" if differ else "identical",
                pairs=pairs,
                speakers=speakers,
                attribution_drift=len(speakers) > 1,
                independent_origins=1,
            )
        )
    claims = [
        Claim(id=f"c{i}", article=a.id, text=a.text.split("\n")[0][:200], start=0, end=len(a.text.split("\n")[0][:200]))
        for i, a in enumerate(articles)
    ]
    claim_groups = [
        ClaimGroup(id="cg1", claims=tuple(c.id for c in claims), status="corroborated" if len(claims) > 1 else "single_source")
    ]
    # The second outlet cites the first, so the story page has a citations table.
    outlets = list(dict.fromkeys(a.outlet or a.id for a in articles))
    graph = (CitationEdge(source=outlets[1], cites=outlets[0], count=1),) if len(outlets) > 1 else ()
    analysis = Analysis(
        provenance=Provenance(
            tool_version="test",
            model=None,
            model_version=None,
            settings={},
            inputs=(),
            created=dt.datetime.now(dt.UTC).isoformat(),
        ),
        articles=tuple(articles),
        entities=tuple(Entity(id=e, name=n, kind="person") for n, e in names.items()),
        quotes=tuple(quotes),
        quote_groups=tuple(groups),
        claims=tuple(claims),
        claim_groups=tuple(claim_groups),
        citation_graph=graph,
    )
    return analysis, [], "fake"


def failing_analyse(store: Any, articles: list[Article], settings: Settings, progress: Any) -> tuple[Analysis, list[str], str]:
    raise RuntimeError("boom in the analyser")


def dying_analyse(store: Any, articles: list[Article], settings: Settings, progress: Any) -> tuple[Analysis, list[str], str]:
    import os

    os._exit(3)  # the worker process dies mid-job


def slow_analyse(store: Any, articles: list[Article], settings: Settings, progress: Any) -> tuple[Analysis, list[str], str]:
    """Slow enough (a second an article) for a test to stop the server mid-job."""
    SLOW_SECONDS["value"] = 1.0
    return fake_analyse(store, articles, settings, progress)
