"""Quotations cut into segments (sentences, and a quoted sentence's clauses), and the
word-level readings quote grouping compares them by: where words run in order, what a
quotation itself quotes, the longest run two renderings share."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from rapidfuzz import fuzz

from corroborate.align.differences import compare, contains, content_stems, word_spans, word_stem, words
from corroborate.model import Quote
from corroborate.nlp.names import capitalised_names

# An ellipsis cuts too, spaced or not ("critical...the issuing", "I don't….establish"):
# the outlet joined two pieces of the utterance there.
# A title's full stop ("Mr. Scotto", "Gov. Abbott") ends no sentence.
_SENTENCE_BREAK = re.compile(
    r"(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bGov\.)(?<!\bSen\.)(?<!\bRep\.)(?<!\bGen\.)"
    r"(?<=[.!?])[\"'”’]?\s+(?=[\"'“‘]?[A-Z0-9])|\s*(?:…\.?|\.{3,})\s*(?=[\"'“‘]?\w)"
)
_CLAUSE_BREAK = re.compile(r"(?<=,)\s+(?=but\b)|;\s+|\s+(?:[—―–]|--)\s+")
CLAUSE_MIN_WORDS = 4
_MIN_PARTIAL_FUZZY = 90  # a short quotation against the stretch of a long one it reads most like


@dataclass(frozen=True)
class Segment:
    index: int
    quote: Quote
    start: int  # offsets into the article text
    end: int
    text: str
    content: frozenset[str]
    position: int  # the segment's rank inside its quote
    sequence: tuple[str, ...] = ()  # the content stems in order
    names: frozenset[str] = frozenset()  # stems of the words capitalised inside it (`capitalised_stems`)
    sentence: tuple[int, int, int] = (0, 0, 0)  # the rank, start and end of the sentence it is a clause of


def segments_of(quote: Quote, first_index: int) -> list[Segment]:
    """The sentences of one quotation, with article offsets; a quoted sentence is cut
    further into its clauses (`_CLAUSE_BREAK`), each a segment of its own."""
    pieces: list[tuple[int, int]] = []
    cursor = 0
    for match in _SENTENCE_BREAK.finditer(quote.text):
        pieces.append((cursor, match.start()))
        cursor = match.end()
    pieces.append((cursor, len(quote.text)))
    result: list[Segment] = []
    position = 0
    for rank, (a, b) in enumerate(pieces):
        text = quote.text[a:b]
        stripped = text.strip()
        if not stripped:
            continue
        lead = len(text) - len(text.lstrip())
        sentence = (quote.start + a + lead, quote.start + a + lead + len(stripped))
        for c, d in clauses(stripped) if quote.kind == "direct" else [(0, len(stripped))]:
            clause = stripped[c:d]
            start = sentence[0] + c
            sequence = content_stems(clause)
            if sequence:
                result.append(
                    Segment(
                        first_index + len(result),
                        quote,
                        start,
                        start + len(clause),
                        clause,
                        frozenset(sequence),
                        position,
                        sequence,
                        capitalised_stems(clause),
                        sentence=(rank, *sentence),
                    )
                )
            position += 1
    return result


def clauses(sentence: str) -> list[tuple[int, int]]:
    """Where a quoted sentence's clauses lie: cut after a comma before "but", at a
    semicolon or a spaced dash; a cut that leaves fewer than `CLAUSE_MIN_WORDS` words
    on either side is not made. (Cuts before "and" or a subject pronoun split sentences
    the outlets print alike and lost more groups than they found.)"""
    cuts = [0]
    for match in _CLAUSE_BREAK.finditer(sentence):
        if len(words(sentence[cuts[-1] : match.start()])) >= CLAUSE_MIN_WORDS:
            cuts.append(match.end())
    spans = [(a, b) for a, b in zip(cuts, [*cuts[1:], len(sentence)], strict=True)]
    if len(spans) > 1 and len(words(sentence[spans[-1][0] :])) < CLAUSE_MIN_WORDS:
        spans[-2:] = [(spans[-2][0], len(sentence))]
    result = []
    for a, b in spans:
        piece = sentence[a:b]
        b = a + len(piece.rstrip(" ,;—―–-"))
        result.append((a, b))
    return result


def span_of(inner: Sequence[str], text: str) -> tuple[int, int] | None:
    """Where the words `inner` run, in order and unchanged, inside `text` (offsets)."""
    spans = word_spans(text)
    found = [w for *_, w in spans]
    n = len(inner)
    for i in range(len(found) - n + 1):
        if found[i : i + n] == list(inner):
            return spans[i][0], spans[i + n - 1][1]
    return None


_INNER_QUOTE = re.compile(r"[‘“]([^‘’“”]{1,200})[’”]|\"([^\"]{1,200})\"|(?<!\w)'([^']{1,200})'(?!\w)")


_OPENED = re.compile(r"[“\"]([^“”\"]{1,200})$")  # a quotation mark opened and not closed before the end


def quoted_parts(text: str) -> list[str]:
    """The words a report prints in quotation marks ("the states were “likely to succeed
    on the merits” of their case"), a mark opened at its end counting to the end ("had
    treated the department “like a vending machine", its closing mark outside the report)."""
    closed = list(_INNER_QUOTE.finditer(text))
    parts = [next(g for g in m.groups() if g) for m in closed]
    rest = text[closed[-1].end() if closed else 0 :]
    if opened := _OPENED.search(rest):
        parts.append(opened.group(1))
    return parts


def inner_quoted(text: str) -> frozenset[str]:
    """The content stems a quotation itself puts in quotation marks (words it quotes)."""
    return frozenset(w for m in _INNER_QUOTE.finditer(text) for w in content_stems(next(g for g in m.groups() if g)))


def misquoted(a: Quote, text_a: str, b: Quote, text_b: str) -> bool:
    """One of two renderings reported, its quoted words changed against the other
    (`changed_in_marks`)."""
    return (a.kind == "indirect" and changed_in_marks(text_a, text_b, b.kind, a.speaker.name is not None)) or (
        b.kind == "indirect" and changed_in_marks(text_b, text_a, a.kind, b.speaker.name is not None)
    )


def changed_in_marks(report: str, other: str, other_kind: str, credited: bool) -> bool:
    """A report against a quotation: True when words in quotation marks read as a stretch
    of the other rendering with a content word changed: those the report itself quotes
    ("this 'alleged invasion'" of "this purported invasion"), or the other's whole partial
    quote of a report credited to no one by name (the outlet's own words, which another
    outlet quotes: "will include" of "were expected to include"). Quoted words are
    claimed word for word: substantive, not paraphrase."""
    pieces = [(next(g for g in m.groups() if g), other) for m in _INNER_QUOTE.finditer(report)]
    if other_kind == "partial" and not credited:
        pieces.append((other, report))
    for quoted, text in pieces:
        own = set(content_stems(quoted))
        if len(own) < 2 or 2 * len(own & set(content_stems(text))) < len(own) or holds(text, quoted):
            continue
        found = " ".join(words(text, expand=True))
        aligned = fuzz.partial_ratio_alignment(" ".join(words(quoted, expand=True)), found)
        if aligned is not None and compare(quoted, found[aligned.dest_start : aligned.dest_end]).difference == "substantive":
            return True
    return False


def capitalised_stems(text: str) -> frozenset[str]:
    """Stems of the words capitalised inside the text (names, nationalities)."""
    return frozenset(word_stem(w) for w in capitalised_names(text))


def narrowest_window(sequence: Sequence[str], wanted: frozenset[str]) -> int:
    """The fewest consecutive stems of `sequence` holding every stem of `wanted`."""
    held: dict[str, int] = {}
    best, start = len(sequence) + 1, 0
    for end, word in enumerate(sequence):
        if word not in wanted:
            continue
        held[word] = held.get(word, 0) + 1
        while len(held) == len(wanted):
            best = min(best, end - start + 1)
            first = sequence[start]
            if first in held:
                held[first] -= 1
                if not held[first]:
                    del held[first]
            start += 1
    return best


def reads_inside(a: str, b: str) -> bool:
    """The shorter quotation, of a clause or more, reads almost word for word as a stretch
    of the longer one ("And we'll win in the Supreme Court" / "..., and we'll win at the
    Supreme Court -- just like the ban"). One printed word for word inside the other is
    left to `_verbatim_members`, which cuts the longer one's member to those words."""
    short, long = sorted((" ".join(words(a, expand=True)), " ".join(words(b, expand=True))), key=len)
    return (
        len(short.split()) > CLAUSE_MIN_WORDS
        and f" {short} " not in f" {long} "
        and fuzz.partial_ratio(short, long) >= _MIN_PARTIAL_FUZZY
    )


def holds(longer: str, shorter: str) -> bool:
    """True when the shorter text's words run, in order and unchanged, inside the longer."""
    return contains(words(longer, expand=True), words(shorter, expand=True))


def verbatim_run(a: str, b: str) -> int:
    """Length of the longest run of words (function words too) the two texts share in order."""
    return longest_run(tuple(words(a, expand=True)), tuple(words(b, expand=True)))


def longest_run(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest run of words the two sequences share in order."""
    return SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b)).size
