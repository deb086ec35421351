"""Claim groups: the same claim as each outlet states it, quantities side by side.

Claims of different articles join when they carry the same utterance (their
quotations are in one quote group) or share enough content words (blocked by an
inverted index), joined average-link style. A group's status (issue 5
refines how sources count as independent):

- `conflicting`: two articles give disjoint ranges for the same unit
  ("at least six months" vs "three to four months");
- `single_source`: one asserting party (a person, whom an unnamed speaker speaks
  for, or an outlet's own reporting);
- `corroborated`: two or more.

A claim found in one article only becomes a group when it carries a quantity or
a date: the checkable facts a reader wants listed even when nobody else has them.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from corroborate.align.blocking import average_link, blocked_pairs
from corroborate.align.differences import FUNCTION_WORDS, stem, words
from corroborate.align.embeddings import embed
from corroborate.model import Article, Claim, ClaimGroup, Entity, Quote, QuoteGroup
from corroborate.nlp.quantities import disjoint
from corroborate.nlp.speakers import ROLE_WORDS

_MAX_POSTINGS = 40
_MIN_SHARED = 3
_MIN_RATIO = 0.4
# MiniLM cosine for "the same claim in other words"; unrelated news sentences score
# near 0.1, paraphrases of one statement 0.55-0.8 (measured on our example story).
_MIN_COSINE = 0.55


def _content(claim: Claim) -> frozenset[str]:
    return frozenset(stem(w) for w in words(claim.text, expand=True) if w not in FUNCTION_WORDS and len(w) > 2)


def _common_words(claim: Claim) -> frozenset[str]:
    """Content stems that are neither names nor roles: what a statement is about."""
    names = {w.casefold() for w in re.findall(r"\b[A-Z][a-z]+", claim.text[1:])}  # capitalised inside the sentence
    return frozenset(
        stem(w)
        for w in words(claim.text, expand=True)
        if w not in FUNCTION_WORDS and len(w) > 2 and w not in names and w not in ROLE_WORDS
    )


def _semantic_matches(claims: Sequence[Claim], candidates: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Candidate pairs whose sentence embeddings agree (cosine >= _MIN_COSINE) and that
    share a word beyond names and roles (names alone make unrelated sentences look alike)."""
    if not candidates:
        return set()
    involved = sorted({i for pair in candidates for i in pair})
    position = {index: n for n, index in enumerate(involved)}
    vectors = embed([claims[i].text for i in involved])
    common = {i: _common_words(claims[i]) for i in involved}
    return {
        (a, b)
        for a, b in candidates
        if float(vectors[position[a]] @ vectors[position[b]]) >= _MIN_COSINE and common[a] & common[b]
    }


def _same_claim(a: frozenset[str], b: frozenset[str]) -> bool:
    shared = len(a & b)
    return shared >= _MIN_SHARED and shared >= _MIN_RATIO * min(len(a), len(b))


def _conflicts(claims: Sequence[Claim]) -> list[dict[str, Any]]:
    found = []
    for i, a in enumerate(claims):
        for b in claims[i + 1 :]:
            if a.article == b.article:
                continue
            for qa in a.quantities:
                for qb in b.quantities:
                    if qa.unit and qa.unit == qb.unit and disjoint(qa, qb):
                        found.append({"kind": "quantity", "a": a.id, "b": b.id, "a_text": qa.text, "b_text": qb.text})
    return found


def _same_utterance_pairs(
    claims: Sequence[Claim], quotes: Sequence[Quote], quote_groups: Sequence[QuoteGroup]
) -> set[tuple[int, int]]:
    """Claims of different articles carrying the same utterance (one quote group) state one claim."""
    group_of = {quote_id: group.id for group in quote_groups for quote_id in group.quotes}
    by_article: dict[str, list[Quote]] = defaultdict(list)
    for quote in quotes:
        by_article[quote.article].append(quote)
    holders: dict[str, list[int]] = defaultdict(list)
    for index, claim in enumerate(claims):
        for quote in by_article.get(claim.article, []):
            if quote.start < claim.end and claim.start < quote.end and quote.id in group_of:
                holders[group_of[quote.id]].append(index)
    pairs = set()
    for indices in holders.values():
        for i, a in enumerate(indices):
            for b in indices[i + 1 :]:
                if claims[a].article != claims[b].article:
                    pairs.add((min(a, b), max(a, b)))
    return pairs


def group_claims(
    claims: Sequence[Claim],
    articles: Sequence[Article],
    entities: Sequence[Entity],
    quotes: Sequence[Quote] = (),
    quote_groups: Sequence[QuoteGroup] = (),
    semantic: bool = True,
) -> list[ClaimGroup]:
    outlets = {a.id: a.outlet or a.id for a in articles}
    names = {e.id: e.name for e in entities}
    contents = [_content(c) for c in claims]
    candidates = {(a, b) for a, b in blocked_pairs(enumerate(contents), _MAX_POSTINGS) if claims[a].article != claims[b].article}
    matches = {(a, b) for a, b in candidates if _same_claim(contents[a], contents[b])}
    matches |= _semantic_matches(claims, candidates - matches) if semantic else set()
    # Word overlap joins average-link style; carrying one utterance is proof enough
    # on its own, so those links then join whole groups.
    clusters = average_link(len(claims), matches)
    cluster_of = {i: n for n, cluster in enumerate(clusters) for i in cluster}
    parent = list(range(len(clusters)))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in _same_utterance_pairs(claims, quotes, quote_groups):
        parent[root(cluster_of[a])] = root(cluster_of[b])
    merged: dict[int, set[int]] = defaultdict(set)
    for n, cluster in enumerate(clusters):
        merged[root(n)] |= cluster
    groups = []
    for members in merged.values():
        group = [claims[i] for i in sorted(members)]
        if len({c.article for c in group}) < 2 and not any(c.quantities or c.dates for c in group):
            continue
        groups.append(group)
    result = []
    for number, group in enumerate(sorted(groups, key=lambda g: (g[0].article, g[0].start)), start=1):
        sources = tuple(dict.fromkeys(names.get(c.by, c.by) if c.by else outlets[c.article] for c in group))
        conflicts = _conflicts(group)
        status = "conflicting" if conflicts else ("corroborated" if len(sources) >= 2 else "single_source")
        result.append(
            ClaimGroup(
                id=f"cg{number}",
                claims=tuple(c.id for c in group),
                status=status,
                outlets=tuple(dict.fromkeys(outlets[c.article] for c in group)),
                sources=sources,
                independent_sources=len(sources),
                conflicts=tuple(conflicts),
                evidence=tuple({"claim": c.id, "article": c.article, "text": c.text} for c in group),
            )
        )
    return result
