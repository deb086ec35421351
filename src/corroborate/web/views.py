"""What the story page shows a reader, drawn from the analysis: which names and outlets
have a page of their own, an aligned diff of two renderings of a quote, and the people a
merge may join. (Speakers are named by `report.labels.speaker_label`, in a reader's words.)"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import Analysis
from corroborate.store.rows import is_role_only

_TOKEN = re.compile(r"\S+")
CONTEXT_WORDS = 4  # unchanged words shown on each side of a change


def linkable_people(analysis: Analysis) -> frozenset[str]:
    """Names with a person page in the store: the story's identities and the names quotes
    give (what the store's rows carry), less role words alone ("Police")."""
    names = {e.name for e in analysis.entities}
    names.update(q.speaker.name for q in analysis.quotes if q.speaker.name)
    return frozenset(n for n in names if n.strip() and not is_role_only(n))


def merge_people(analysis: Analysis) -> list[str]:
    """The people a merge may join: person identities only (no places, bodies or groups),
    without role words alone."""
    return sorted({e.name for e in analysis.entities if e.kind == "person" and not is_role_only(e.name)}, key=str.casefold)


@lru_cache(maxsize=8)
def _registry(outlet_files: tuple[str, ...]) -> OutletRegistry:
    return OutletRegistry.load(tuple(Path(p) for p in outlet_files))


def known_outlets(analysis: Analysis, outlet_files: Iterable[str | Path] = ()) -> frozenset[str]:
    """Names to show and link as outlets: the story's own outlets, and every outlet its
    citations name that is not an article id (an article without a known outlet): the
    registry's canonical names among them, and the rest as written, since the citation
    graph the outlet page reads holds them."""
    article_ids = {a.id for a in analysis.articles}
    registry = _registry(tuple(str(p) for p in outlet_files))
    names = {a.outlet for a in analysis.articles if a.outlet}
    for edge in analysis.citation_graph:
        for name in (edge.source, edge.cites):
            if name not in article_ids:
                names.add(name)
                if (outlet := registry.resolve(name)) is not None:
                    names.add(outlet.name)
    return frozenset(names)


@dataclass(frozen=True)
class Segment:
    """A run of a two-way word diff: unchanged words ("same"), or words of one rendering
    replaced by the other's ("change": `old` → `new`, either may be empty), or unchanged
    words left out between two changes ("gap")."""

    kind: str
    old: str = ""
    new: str = ""


def aligned_diff(old: str, new: str, context: int = CONTEXT_WORDS) -> list[Segment]:
    """The changed words of two renderings in their context: each change with up to
    `context` unchanged words around it, longer unchanged runs cut to "…"."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    key_a, key_b = [_key(w) for w in a], [_key(w) for w in b]
    opcodes = difflib.SequenceMatcher(a=key_a, b=key_b, autojunk=False).get_opcodes()
    segments: list[Segment] = []
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag != "equal":
            segments.append(Segment("change", " ".join(a[i1:i2]), " ".join(b[j1:j2])))
            continue
        words = b[j1:j2]
        first, last = index == 0, index == len(opcodes) - 1
        head = 0 if first else context  # words kept after the change before
        tail = 0 if last else context  # words kept before the change after
        if len(words) <= head + tail + 1:
            segments.append(Segment("same", " ".join(words)))
            continue
        if head:
            segments.append(Segment("same", " ".join(words[:head])))
        segments.append(Segment("gap"))
        if tail:
            segments.append(Segment("same", " ".join(words[-tail:])))
    return segments


def _key(word: str) -> str:
    return word.replace("’", "'").strip(".,;:!?\"'“”‘’()").casefold()


def finding_diff(texts: Sequence[str]) -> list[Segment]:
    """The aligned diff of a finding's first two renderings, or nothing when they are the same."""
    if len(texts) < 2 or texts[0] == texts[1]:
        return []
    segments = aligned_diff(texts[0], texts[1])
    return segments if any(s.kind == "change" for s in segments) else []
