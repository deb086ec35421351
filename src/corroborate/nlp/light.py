"""Text no real news article holds, analysed on a light path instead of the full parse.

spaCy's parse costs about 30 CPU seconds per MB of run-on text, so a hostile input
under the 5 MB cap would take minutes. Three kinds of stretch are therefore *light*:

- a run-on stretch: no sentence-ending mark in `LIGHT_RUN_CHARS` characters;
- a line-free block longer than `LIGHT_LINE_CHARS` characters;
- everything of one article past `PARSE_BUDGET_CHARS` characters, or past
  `PARSE_BUDGET_MARKS` double quotation marks, of parsed text (so that adding line
  breaks and full stops cannot defeat the first two; the full extractors' work grows
  with the quotations as well as the words).

Each light stretch is widened to whole lines. In the parsed Doc it stands as one
whitespace token of the same length (`masked`), so the full extractors find nothing
there and every offset stays the article's. Its direct quotations are then read by
their quotation marks alone (`quotemarks`), with a speaker where a capitalised name
stands next to a reporting verb just before or after the marks (`light_quotes`); no
claims, entities or indirect quotations come from light text. The article gets a
`light_analysis` warning naming what was done.

The thresholds are ten times or more the largest seen in real articles: the 39
texts of the development stories, PolNeAR train and dev (924), ECB+ dev (772) and
the true bodies of the HTML benchmark (181), 1,916 articles in all:

    figure                               largest seen   threshold
    characters with no sentence end          1,970        20,000  (a list of product features)
    characters of one line                   2,573        30,000
    characters of one article               53,372       600,000
    double quotation marks of one article      160         2,000  (PolNeAR; the stories 72)

so no real article goes light (benchmarks/README.md has the measurement).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from corroborate.ingest.zones import paragraphs, zone_at
from corroborate.model import Article, Notice, Quote, Speaker, TextSpan
from corroborate.nlp.lexicon import REPORTING_VERBS
from corroborate.nlp.names import clean_name
from corroborate.nlp.quotemarks import QuoteSpan, find_quote_spans, trim_span
from corroborate.nlp.rules import CONFIDENCE, UNPAIRED_FACTOR
from corroborate.nlp.segments import run_on_stretches

LIGHT_RUN_CHARS = 20_000
LIGHT_LINE_CHARS = 30_000
PARSE_BUDGET_CHARS = 600_000
PARSE_BUDGET_MARKS = 2_000
# Where a Doc keeps its light stretches (`doc.user_data`).
LIGHT_KEY = "corroborate.light"

# Anchored at line starts, so that each line is read once (unanchored, every position of a
# long line would start a new try: quadratic).
_LONG_LINE = re.compile(rf"^[^\n]{{{LIGHT_LINE_CHARS + 1},}}", re.M)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_QUOTE_MARK = re.compile('["“”„«»]')  # double marks: what the budget counts


def light_regions(text: str) -> list[tuple[int, int]]:
    """(start, end) of each light stretch of `text`, ascending and disjoint, each
    covering whole lines (its line breaks excluded); empty for any real article."""
    if len(text) <= min(LIGHT_RUN_CHARS, LIGHT_LINE_CHARS) and len(_QUOTE_MARK.findall(text)) <= PARSE_BUDGET_MARKS:
        return []
    found = [(m.start(), m.end()) for m in _LONG_LINE.finditer(text)]
    found += [_whole_lines(text, start, end) for start, end in run_on_stretches(text, LIGHT_RUN_CHARS)]
    regions = _merged(found)
    # The parse budget: past `PARSE_BUDGET_CHARS` characters or `PARSE_BUDGET_MARKS` quotation
    # marks of parsed text, the rest is light.
    chars, marks, position = PARSE_BUDGET_CHARS, PARSE_BUDGET_MARKS, 0
    for start, end in [*regions, (len(text), len(text))]:
        limit = _budget_end(text, position, start, chars, marks)
        if limit is not None:
            cut = _budget_cut(text, position, limit)
            return _merged([*(r for r in regions if r[1] <= cut), (cut, len(text))])
        chars -= start - position
        marks -= len(_QUOTE_MARK.findall(text, position, start))
        position = end
    return regions


def _budget_end(text: str, start: int, end: int, chars: int, marks: int) -> int | None:
    """Where in text[start:end] the budget of `chars` characters and `marks` quotation marks
    runs out, or None when it does not."""
    over = start + chars if end - start > chars else None
    for count, mark in enumerate(_QUOTE_MARK.finditer(text, start, end if over is None else over)):
        if count == marks:
            return mark.start()
    return over


def _whole_lines(text: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) widened to the lines it touches (from its first non-blank), without their line breaks."""
    while start < end and text[start].isspace():
        start += 1
    begin = text.rfind("\n", 0, start) + 1
    stop = text.find("\n", max(start, end - 1))
    return begin, len(text) if stop == -1 else stop


def _merged(regions: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(regions):
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _budget_cut(text: str, start: int, limit: int) -> int:
    """Where the parsed text stops: after the last paragraph break in text[start:limit],
    else its last line break, else `limit` (at a line start, so the light rest is whole lines)."""
    last = None
    for match in _PARAGRAPH_BREAK.finditer(text, start, limit):
        last = match
    if last is not None:
        return last.end()
    newline = text.rfind("\n", start, limit)
    return newline + 1 if newline != -1 else limit


def masked(text: str, regions: list[tuple[int, int]]) -> str:
    """`text` with each light stretch replaced by as many spaces: what the parser reads."""
    parts: list[str] = []
    position = 0
    for start, end in regions:
        parts += [text[position:start], " " * (end - start)]
        position = end
    parts.append(text[position:])
    return "".join(parts)


# The forms a cue takes beside a quotation: "says", "said" (past), "said" (participle).
_CUE_TAGS = ("VBZ", "VBD", "VBN")


@cache
def cue_words() -> frozenset[str]:
    """The reporting verbs with their cue forms, from lemminflect's dictionary (its rules
    for a verb it lacks); loaded on the first light quotation, as no real article needs it."""
    from lemminflect import getInflection

    forms = set(REPORTING_VERBS)
    for verb in REPORTING_VERBS:
        for tag in _CUE_TAGS:
            spellings = getInflection(verb, tag)
            if spellings:
                forms.add(spellings[0])  # the usual spelling: "crowed", not the noun-like "crew"
    return frozenset(forms)


_PRONOUNS = frozenset("he she they i we it you".split())
_NAME = r"[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*){0,3}"
# After the closing mark: "“…,” Dana Whitfield said", "“…,” said Dana Whitfield", "“…,” the mayor said".
_AFTER = re.compile(
    r"[ \t]*[\"'”’»]?[ \t]*(?:(?P<name>" + _NAME + r")|(?P<other>(?:the|a|an)[ \t]+\w+(?:[ \t]+\w+)?)|(?:he|she|they|we|it))?"
    r"[ \t]+(?P<verb>[a-z]+)\b(?:[ \t]+(?P<after>" + _NAME + r"))?"
)
# Before the opening mark: "Dana Whitfield said: “…”".
_BEFORE = re.compile(r"(?P<name>" + _NAME + r")[ \t]+(?P<verb>[a-z]+)[ \t]*[,:]?[ \t]*$")
_WINDOW = 80  # characters either side of a quotation a cue is looked for in


def _speaker(text: str, start: int, end: int) -> tuple[Speaker, TextSpan | None]:
    """The plain cue pattern next to a quotation at text[start:end] (its marks outside)."""
    after = _AFTER.match(text, end + 1, min(len(text), end + 1 + _WINDOW))
    if after is not None and after.group("verb") in cue_words():
        cue = TextSpan(start=after.start("verb"), end=after.end("verb"), text=after.group("verb"))
        for group in ("name", "after"):
            if after.group(group) and after.group(group).lower() not in _PRONOUNS:
                return _named(text, after.start(group), after.end(group)), cue
        if after.group("other"):
            return Speaker(description=" ".join(after.group("other").split())), cue
        return Speaker(), cue
    low = max(0, start - 1 - _WINDOW)
    before = _BEFORE.search(text, low, max(low, start - 1))
    if before is not None and before.group("verb") in cue_words() and before.group("name").lower() not in _PRONOUNS:
        cue = TextSpan(start=before.start("verb"), end=before.end("verb"), text=before.group("verb"))
        return _named(text, before.start("name"), before.end("name")), cue
    return Speaker(), None


def _named(text: str, start: int, end: int) -> Speaker:
    return Speaker(name=clean_name(text[start:end]) or None, mention=TextSpan(start=start, end=end, text=text[start:end]))


def light_quotes(article: Article, regions: list[tuple[int, int]], first_number: int, room: int) -> tuple[list[Quote], int]:
    """Direct quotations of the light stretches by their marks (at most `room`, numbered
    from `first_number`), and how many were found in all (past `room` too)."""
    text = article.text
    quotes: list[Quote] = []
    found = 0
    for paragraph_start, span in _spans(text, regions):
        q_start, q_end = trim_span(text, span.start, span.end)
        if q_end - q_start < 2 or not any(ch.isalpha() for ch in text[q_start:q_end]):
            continue
        found += 1
        if len(quotes) >= room:
            continue
        speaker, cue = _speaker(text, span.start, span.end)
        rule = "light_name" if speaker.name else "light_cue" if cue else "light_no_cue"
        confidence = CONFIDENCE[f"direct.{rule}"] * (1.0 if span.closed else UNPAIRED_FACTOR)
        quotes.append(
            Quote(
                id=f"{article.id}:q{first_number + len(quotes)}",
                article=article.id,
                kind="direct",
                text=text[q_start:q_end],
                start=q_start,
                end=q_end,
                zone=zone_at(article.zones, paragraph_start),
                speaker=speaker,
                cue=cue,
                channel=None,
                rule=f"direct.{rule}",
                confidence=round(confidence, 3),
            )
        )
    return quotes, found


def _spans(text: str, regions: list[tuple[int, int]]) -> Iterator[tuple[int, QuoteSpan]]:
    """(paragraph start, quotation) of each quotation of the light stretches, in text order."""
    for low, high in regions:
        for start, end in paragraphs(text[low:high]):
            spans, _ = find_quote_spans(text, low + start, low + end)
            for span in spans:
                yield low + start, span


def light_notice(article: Article, regions: list[tuple[int, int]]) -> Notice:
    chars = sum(end - start for start, end in regions)
    return Notice(
        source=article.id,
        code="light_analysis",
        message=(
            f"{chars:,} of {len(article.text):,} characters, in {len(regions)} stretch(es) from offset {regions[0][0]:,}, "
            f"hold run-on text (no sentence end in {LIGHT_RUN_CHARS:,} characters), a line over {LIGHT_LINE_CHARS:,} "
            f"characters, or text past the first {PARSE_BUDGET_CHARS:,} parsed (or {PARSE_BUDGET_MARKS:,} quotation "
            "marks): they are read for direct quotations "
            "by their marks only (no parse, no entities, no claims)"
        ),
    )
