"""Copied text: passages one article shares with another (wire copy, a rewrite of
another outlet's piece), found by word-shingle containment per paragraph.

A paragraph of at least `_MIN_WORDS` words whose 5-word shingles (outside quotation
marks) are mostly
(`_MIN_CONTAINMENT`) found in one other article is a copy of that article. An
inverted index over shingles keeps the work near-linear in the story's length.
The later-published article is the copy; with no dates, the pair is recorded with
`direction_known` false.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence

from corroborate.model import Article, Copy

_SHINGLE = 5
_MIN_WORDS = 12
_MIN_CONTAINMENT = 0.6
_MIN_OWN_SHINGLES = 5  # shingles outside quotation marks a paragraph needs to count as a copy
_WORD = re.compile(r"[\w']+")
_QUOTED = re.compile(r"“[^”]{0,2000}”|\"[^\"\n]{0,2000}\"")


def _paragraphs(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in re.finditer(r"\n\s*\n", text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _shingles(text: str) -> list[tuple[str, ...]]:
    """The paragraph's 5-word shingles outside quotation marks: two outlets printing one
    statement share its words without one copying the other."""
    found: list[tuple[str, ...]] = []
    for piece in _QUOTED.split(text):
        words = [w.casefold().replace("’", "'") for w in _WORD.findall(piece.replace("’", "'"))]
        found.extend(tuple(words[i : i + _SHINGLE]) for i in range(len(words) - _SHINGLE + 1))
    return found


def find_copies(articles: Sequence[Article]) -> list[Copy]:
    """Passages of each article copied from another article of the story."""
    holders: dict[tuple[str, ...], set[int]] = defaultdict(set)
    paragraphs = []
    for index, article in enumerate(articles):
        for start, end in _paragraphs(article.text):
            shingles = _shingles(article.text[start:end])
            paragraphs.append((index, start, end, shingles))
            for shingle in shingles:
                holders[shingle].add(index)
    copies = []
    for index, start, end, shingles in paragraphs:
        if len(_WORD.findall(articles[index].text[start:end])) < _MIN_WORDS or len(shingles) < _MIN_OWN_SHINGLES:
            continue  # too short, or hardly any words of the outlet's own around a quotation
        found = Counter(other for shingle in set(shingles) for other in holders[shingle] if other != index)
        if not found:
            continue
        other, count = max(found.items(), key=lambda item: (item[1], -item[0]))
        containment = count / len(set(shingles))
        if containment < _MIN_CONTAINMENT:
            continue
        article, source = articles[index], articles[other]
        if article.published and source.published and article.published < source.published:
            continue  # the other article is the copy; recorded from its side
        known = bool(article.published and source.published and article.published > source.published)
        if not known and index < other and article.published == source.published:
            # Same or no dates: record the pair once, from the later-listed article.
            continue
        span = _source_span(source.text, set(shingles))
        copies.append(
            Copy(
                article=article.id,
                source=source.id,
                start=start,
                end=end,
                source_start=span[0],
                source_end=span[1],
                containment=round(containment, 3),
                direction_known=known,
            )
        )
    return copies


def _source_span(text: str, shingles: set[tuple[str, ...]]) -> tuple[int, int]:
    """The source paragraph sharing most shingles with the copied passage."""
    best, span = -1, (0, 0)
    for start, end in _paragraphs(text):
        shared = len(shingles & set(_shingles(text[start:end])))
        if shared > best:
            best, span = shared, (start, end)
    return span
