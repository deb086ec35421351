"""Cut a text into the segments the parser sees, so that no sentence grows without bound.

spaCy's parser and the extractors after it do work that grows faster than the length
of one sentence (a token's subtree, the candidates of a sentence), and a text of
run-on words (a megabyte with no full stop) would be one sentence. A stretch of text
longer than `MAX_RUN_CHARS` with no sentence-ending mark is therefore cut, at a line
break where there is one in its second half, else after a space, else anywhere; each
cut starts a new sentence. Real sentences are far shorter (the longest paragraph of the
development stories is 749 characters), so an ordinary text is never cut and parses
exactly as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

MAX_RUN_CHARS = 5_000
# Where a sentence may end: a mark, any closing quotes or brackets, then white space.
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*\s")


def run_cuts(text: str, run_chars: int = MAX_RUN_CHARS) -> list[int]:
    """Offsets (ascending, inside the text) where it must be cut so that no stretch
    between two sentence ends (or cuts) is longer than `run_chars` characters."""
    cuts: list[int] = []
    start = 0  # start of the current stretch
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    ends.append(len(text))
    for end in ends:
        while end - start > run_chars:
            cut = _cut_in(text, start, start + run_chars)
            cuts.append(cut)
            start = cut
        start = end
    return cuts


def _cut_in(text: str, start: int, limit: int) -> int:
    """Where to cut the stretch text[start:limit]: after its last line break in the
    second half, else after its last space, else at `limit`."""
    newline = text.rfind("\n", start + (limit - start) // 2, limit)
    if newline > start:
        return newline + 1
    space = text.rfind(" ", start + 1, limit)
    return space + 1 if space > start else limit


def bounded_pieces(pieces: Iterator[str] | list[str], run_chars: int = MAX_RUN_CHARS) -> Iterator[str]:
    """The same text as `pieces`, each piece cut further where a run-on stretch passes
    `run_chars` characters; they join back into the text."""
    for piece in pieces:
        start = 0
        for cut in run_cuts(piece, run_chars):
            yield piece[start:cut]
            start = cut
        yield piece[start:]


def run_on_stretches(text: str, run_chars: int = MAX_RUN_CHARS) -> Iterator[tuple[int, int]]:
    """(start, end) of each stretch of `text` longer than `run_chars` with no sentence-ending mark."""
    if len(text) <= run_chars:
        return
    previous = 0
    for match in _SENTENCE_END.finditer(text):
        if match.end() - previous > run_chars:
            yield previous, match.end()
        previous = match.end()
    if len(text) - previous > run_chars:
        yield previous, len(text)


def has_run_on(text: str, run_chars: int = MAX_RUN_CHARS) -> bool:
    """Whether `text` holds a stretch longer than `run_chars` with no sentence-ending mark."""
    return next(run_on_stretches(text, run_chars), None) is not None
