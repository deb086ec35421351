"""Zones of an article: headline, standfirst, byline, captions, update stamps, body.

Zones are found per paragraph (text between blank lines; in a text without blank
lines whose lines are paragraphs, each line) on the article text itself, so their
offsets index `Article.text` exactly. A line that is a web address (a page's URL
copied with its text) is boilerplate, and a line that is only the page's date and time
stamp ("21 July 2013 Last updated at 11:11 GMT") a byline; neither counts as the first
paragraph. The rules, in order:

1. headline: the first paragraph when it equals the known title, or, with no
   title known, when it is one line without final punctuation (DESIGN.md);
2. byline: a short "By Name…" paragraph (or "Published …"/"Updated …" stamp line);
   after the first body paragraph, a contributor line ("Reporting by …", "… contributed
   to this report.");
3. update: an update stamp ("2:51 PM PT -- …", "UPDATE:", "Editor's note:");
4. standfirst: the first body paragraph when it equals the given standfirst or
   description metadata;
5. boilerplate: the site addressing its reader (`ingest.boilerplate`: sign-up and
   follow prompts, related stories, reprint and affiliate notices…); after the first
   body paragraph, a company "About" heading with everything after it; in the last
   third, a press release's company blurb; on a web page, a line of links to other
   stories (`ingest.page_links`);
6. caption: after the first body paragraph, one that repeats an earlier paragraph
   word for word, or a short line standing alone that does not end like a sentence
   (photo captions carry no final stop). Three or more such lines in a row are a
   list, a table or a schedule, and a list item ("- …", "3. …") is one: body;
7. everything else is body.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence

from corroborate.ingest.boilerplate import is_about_heading, is_boilerplate, is_company_blurb, is_contributor_line
from corroborate.ingest.page_links import is_link_line
from corroborate.model import Zone, ZoneKind

_PARAGRAPH_BREAK = re.compile(r"\n[ \t\u00a0\r]*\n")
_LINE_BREAK = re.compile(r"\n")
# A web address: a scheme or "www.", or three or more path steps.
_ADDRESS = re.compile(r"(?:https?:/+|www\.)\S+|[\w.-]+(?:/[\w.%?=&#~+,;:!@-]*){3,}")
# Hard-wrapped text keeps its lines at most this long (e-mail and wire copy: 65-80).
_MAX_WRAP_WIDTH = 100
_SENTENCE_END = re.compile(r"""[.!?…:;]["'”’»)\]]*\s*$|["”’»]\s*$""")
# A headline may end with a closing quote mark ('… just 'imagination''), not with a stop.
_FINAL_STOP = re.compile(r"""[.!?…:;]["'”’»)\]]*\s*$""")
_BYLINE = re.compile(
    r"^(?i:by|from)\s+[A-Z][\w.'’-]+(?:\s+[A-Z][\w.'’-]+){0,3}"
    r"(?:\s*(?:,|and|&)\s*[A-Z][\w.'’-]+(?:\s+[A-Z][\w.'’-]+){0,3})*"
    r"(?:\s*[,|/-]\s*[\w .'’-]{0,60})?$"
)
_DATELINE_STAMP = re.compile(r"^(?:published|updated|posted|last updated)\b[^.]{0,80}$", re.I)
_UPDATE = re.compile(
    r"^(?:update[d]?\b|editor['’]s note\b|correction\b|clarification\b"
    r"|\d{1,2}:\d{2}\s*(?:[ap]\.?m\.?)?\s*(?:[A-Z]{1,4}\s*)?(?:--|—|–|-|:))",
    re.I,
)
_MAX_CAPTION = 300
# Three short lines in a row are a list, a table or a schedule; photo captions come
# one or two together (a picture and its inset).
_MIN_LIST_RUN = 3
_LIST_ITEM = re.compile(r"^(?:[-•*–—▪►]\s|\d{1,2}[.)]\s|\|)")
_MAX_BYLINE = 120
# The words only a date or a page's stamp has: a line of figures alone ("$139.00",
# "02-751-1500", "10 p.m." in a schedule) is no dateline.
_DATE_WORDS = frozenset(
    "january february march april may june july august september october november december"
    " jan feb mar apr jun jul aug sep sept oct nov dec"
    " monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun"
    " published updated update posted modified".split()
)
# All the words of a page's date and time stamp ("21 July 2013 Last updated at 11:11 GMT",
# "POSTED: 05/02/07, 9:00 PM PDT |", "Published: 2012. 08. 08 09: 01 AM"): a line made
# of these and figures alone, one of them a date word, is the page's dateline.
_STAMP_WORDS = _DATE_WORDS | frozenset(
    "last first originally on at time date and am pm a m p st nd rd th"
    " gmt bst utc est edt cst cdt mst mdt pst pdt et ct mt pt ist hkt cet cest aest aedt jst".split()
)


def paragraphs(text: str, breaks: re.Pattern[str] = _PARAGRAPH_BREAK) -> Iterator[tuple[int, int]]:
    """(start, end) of each non-blank paragraph (text between `breaks`: blank lines),
    trimmed of surrounding whitespace."""
    position = 0
    for match in [*breaks.finditer(text), None]:
        stop = match.start() if match else len(text)
        chunk = text[position:stop]
        stripped = chunk.strip()
        if stripped:
            lead = len(chunk) - len(chunk.lstrip())
            yield position + lead, position + lead + len(stripped)
        position = match.end() if match else len(text)


def _paragraph_spans(text: str) -> list[tuple[int, int]]:
    """The paragraphs of `text`; in a text with no blank line whose lines are
    paragraphs (one per line, as many datasets and copied pages give them), its lines.
    Hard-wrapped prose (lines cut mid-sentence at a fixed width) keeps its blank-line paragraphs."""
    spans = list(paragraphs(text))
    if len(spans) != 1:
        return spans
    lines = list(paragraphs(text, _LINE_BREAK))
    if len(lines) < 2 or not _one_paragraph_per_line([text[a:b] for a, b in lines]):
        return spans
    return lines


def _one_paragraph_per_line(lines: list[str]) -> bool:
    """Lines that are paragraphs, not a hard wrap: a wrap cuts sentences anywhere, so its
    lines seldom end like a sentence and its next line often goes on in lower case;
    paragraph lines end like sentences (or are headlines, datelines, addresses) or are
    longer than a wrap's width."""
    lines = [line for line in lines if not is_address_line(line) and not is_dateline(line)]
    if len(lines) < 2:
        return True
    breaks = list(itertools.pairwise(line.strip() for line in lines))
    going_on = sum(not _SENTENCE_END.search(a) and b[:1].islower() for a, b in breaks)
    ends = sum(bool(_SENTENCE_END.search(a)) for a, _ in breaks)
    return 4 * going_on <= len(breaks) and (2 * ends >= len(breaks) or max(map(len, lines)) > _MAX_WRAP_WIDTH)


def is_address_line(para: str) -> bool:
    """A line that is a web address (a page's URL copied with its text, spaces and all:
    "http: / / example. com / 2013 / 05 / story - name /"), not a sentence."""
    squeezed = re.sub(r"\s*([/._:-])\s*", r"\1", para.strip())
    return "\n" not in para.strip() and bool(_ADDRESS.fullmatch(squeezed))


def is_dateline(para: str) -> bool:
    """A line that is only a date and time stamp (with "Published", "Last updated"...),
    not a sentence: it states nothing a claim could."""
    line = para.strip()
    if "\n" in line or len(line) > _MAX_BYLINE or not any(ch.isdigit() for ch in line):
        return False
    found = re.findall(r"[^\W\d_]+", line.casefold())
    return all(word in _STAMP_WORDS for word in found) and any(word in _DATE_WORDS for word in found)


def _norm(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


def find_zones(
    text: str, title: str | None = None, standfirst: str | None = None, *, links: frozenset[str] = frozenset()
) -> tuple[Zone, ...]:
    """Zones covering every paragraph of `text`, in order; `links`, the texts of the
    page's links (`ingest.page_links`), mark its link lines as boilerplate."""
    zones: list[Zone] = []
    seen_body: set[str] = set()  # a set: a list made this quadratic in the paragraphs
    title_key = _norm(title) if title else None
    after_about = False  # a company "About" block runs to the end of the article
    spans = _paragraph_spans(text)
    short = [_short_line(text[start:end]) for start, end in spans]
    runs = _run_lengths(short)
    leading = 0  # address lines before the first paragraph: the headline may follow them
    for index, (start, end) in enumerate(spans):
        para = text[start:end]
        alone = runs[index] < _MIN_LIST_RUN
        address = is_address_line(para)
        if address or is_dateline(para):
            if index == leading:
                leading += 1
            zones.append(Zone(kind="boilerplate" if address else "byline", start=start, end=end))
            continue
        kind = "boilerplate" if after_about else _classify(para, index - leading, title_key, standfirst, seen_body, alone)
        if kind in ("body", "caption") and is_link_line(para, links):
            kind = "boilerplate"
        after_about = after_about or (kind == "boilerplate" and bool(seen_body) and is_about_heading(para))
        if kind == "body":
            seen_body.add(_norm(para))
        zones.append(Zone(kind=kind, start=start, end=end))
    # A press release ends with its company blurb: only the last third is read for one.
    for index in range(len(zones) - len(zones) // 3, len(zones)):
        zone = zones[index]
        if zone.kind == "body" and index > 0 and is_company_blurb(text[zone.start : zone.end]):
            zones[index] = Zone(kind="boilerplate", start=zone.start, end=zone.end)
    return tuple(zones)


def _run_lengths(flags: list[bool]) -> list[int]:
    """For each position, the length of the run of True values holding it (0 for False)."""
    lengths = [0] * len(flags)
    start = 0
    for index in range(len(flags) + 1):
        if index == len(flags) or not flags[index]:
            for inside in range(start, index):
                lengths[inside] = index - start
            start = index + 1
    return lengths


def _short_line(para: str) -> bool:
    """One line without a final stop, short enough to be a caption (or a list's line)."""
    return "\n" not in para.strip() and not _SENTENCE_END.search(para) and len(para) <= _MAX_CAPTION


def _classify(
    para: str, index: int, title_key: str | None, standfirst: str | None, seen_body: set[str], alone: bool = True
) -> ZoneKind:
    single_line = "\n" not in para.strip()
    ends_sentence = bool(_SENTENCE_END.search(para))
    key = _norm(para)
    if index == 0:
        if title_key is not None and key == title_key:
            return "headline"
        if title_key is None and single_line and not _FINAL_STOP.search(para) and len(para) <= _MAX_CAPTION:
            return "headline"
    is_byline = (_BYLINE.match(para) and not para.rstrip().endswith(".")) or _DATELINE_STAMP.match(para)
    if single_line and len(para) <= _MAX_BYLINE and not seen_body and is_byline:
        return "byline"
    if _UPDATE.match(para):
        return "update"
    if seen_body and is_contributor_line(para):
        return "byline"
    if is_boilerplate(para) and not (is_about_heading(para) and not seen_body):
        return "boilerplate"
    if not seen_body and standfirst and key == _norm(standfirst):
        return "standfirst"
    if seen_body:
        if key and key in seen_body:
            return "caption"
        if (
            single_line
            and not ends_sentence
            and len(para) <= _MAX_CAPTION
            and alone
            and not _LIST_ITEM.match(para)
            and not para.lstrip().startswith(("'", '"', "“", "‘"))
        ):
            return "caption"
    return "body"


def zone_holding(zones: Sequence[Zone], position: int) -> Zone | None:
    """The zone holding offset `position` (an empty zone holds its own offset), or None.

    `zones` are in text order and do not overlap, as `find_zones` gives them: found by
    bisection, since the extractors ask once per paragraph and per quotation."""
    index = bisect_right(zones, position, key=lambda zone: zone.start)
    for zone in zones[max(0, index - 2) : index]:
        if zone.start <= position < zone.end or zone.start == position == zone.end:
            return zone
    return None


def zone_at(zones: tuple[Zone, ...], start: int, end: int | None = None) -> ZoneKind:
    """The kind of the zone holding offset `start` (body when none does)."""
    zone = zone_holding(zones, start)
    return zone.kind if zone is not None else "body"
