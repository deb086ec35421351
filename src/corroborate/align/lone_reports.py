"""Reports of someone's words that share only a word or two with the quotation they
render in another outlet ("he would provide an update" / "Will update soon with
Secretary Zinke"): joined when the two are each other's only candidate (`quote_groups`
step 3)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from corroborate.align.differences import word_stem
from corroborate.align.segments import Segment, holds, narrowest_window
from corroborate.nlp.quantities import NUMBER_WORDS

# Words of a figure ("more than $9 million in 2022"): no words of an utterance.
_FIGURE_WORDS = frozenset(word_stem(w) for w in (*NUMBER_WORDS, "more", "less", "fewer"))
_WORD_LENGTH = 4  # of a shared word's stem, to count at all ("push", "imagin")
_RARE_PLACES = 4  # a word quoted in at most this many places of the story is rare
_LONE_WORD_LENGTH = 5  # of the stem of the one word a report shares with its quotation: "update", not "make" or "work"


def lone_reports(
    segments: Sequence[Segment],
    candidates: set[tuple[int, int]],
    matches: set[tuple[int, int]],
    frequency: dict[str, int],
    common: int,
    printed_in: dict[int, set[str]],
) -> set[tuple[int, int]]:
    """A report of someone's words shares few of them with the quotation it renders in
    another outlet ("he would provide an update" / "Will update soon with Secretary
    Zinke"). The two render one utterance when they are each other's only candidate:
    of the person's segments in the other article that render nothing there yet (no
    match, no copy), the one sharing the most words rarer than the story's topic (two,
    or one long word), then the most words. A report's own quoted words must be in the
    quotation ("was 'deeply concerned'" does not render "We are especially concerned").
    `candidates` and `matches` pair `segments` by index; `printed_in` maps a segment
    standing for copies of its words to the articles printing them."""
    by_index = {s.index: s for s in segments}
    quoted: dict[str, list[Segment]] = defaultdict(list)  # article -> its partial quotes
    for segment in segments:
        if segment.quote.kind == "partial":
            quoted[segment.quote.article].append(segment)
    rendered = {(x, article) for x, articles in printed_in.items() for article in articles}
    rendered |= {(x, article) for a, b in matches for x, y in ((a, b), (b, a)) for article in printed_in.get(y, ())}
    scores: dict[tuple[int, int], tuple[int, int]] = {}  # (rarer words, all words) shared
    for a, b in candidates:
        sa, sb = by_index[a], by_index[b]
        entity = sa.quote.speaker.entity
        if sa.quote.article == sb.quote.article or entity is None or sb.quote.speaker.entity != entity:
            continue
        if "indirect" not in (sa.quote.kind, sb.quote.kind) or "partial" in (sa.quote.kind, sb.quote.kind):
            continue
        if (a, sb.quote.article) in rendered or (b, sa.quote.article) in rendered:
            continue
        shared = sa.content & sb.content
        story_words = sa.names | sb.names | _FIGURE_WORDS
        rare = [
            w
            for w in shared
            if w not in story_words
            and "'" not in w
            and not any(c.isdigit() for c in w)
            and len(w) >= _WORD_LENGTH
            and frequency.get(w, 0) <= common
        ]  # (a possessive is a name's at the start of a sentence: "Trump's own language"; a year is a figure)
        if len(shared - story_words) > 2:
            continue  # three words or more: the word-share rule (`quote_groups._renders_same`) judged them
        lone = frequency.get(rare[0], 0) if len(rare) == 1 else 0
        if lone and not (
            len(rare[0]) >= _LONE_WORD_LENGTH
            and (lone <= 2 or (lone <= _RARE_PLACES and len(shared) >= 2))
            and all(frequency.get(w, 0) <= common for w in shared)
        ):
            continue  # one long word, quoted by these two only or with another word beside it, and not the topic's
        short, long = (sa, sb) if len(sa.content) <= len(sb.content) else (sb, sa)
        if short.content - story_words <= shared:
            continue  # all its own words: `_whole_short_report` reads them, in their order
        if 2 * len(short.content) <= len(long.content) and narrowest_window(long.sequence, shared) > 2 * len(short.sequence):
            continue  # the short one's words lie scattered across the long one
        if rare and not any(_quotes_elsewhere(s, o, quoted) for s, o in ((sa, sb), (sb, sa))):
            scores[a, b] = (len(rare), len(shared))
    ranked: dict[tuple[int, str], list[tuple[tuple[int, int], int]]] = defaultdict(list)  # (segment, article) -> (score, partner)
    for (a, b), score in scores.items():
        ranked[a, by_index[b].quote.article].append((score, b))
        ranked[b, by_index[a].quote.article].append((score, a))

    def only_best(x: int, article: str) -> int | None:
        found = sorted(ranked[x, article], reverse=True)
        return found[0][1] if len(found) == 1 or found[0][0] > found[1][0] else None

    return {
        (a, b) for a, b in scores if only_best(a, by_index[b].quote.article) == b and only_best(b, by_index[a].quote.article) == a
    }


def _quotes_elsewhere(report: Segment, other: Segment, quoted: dict[str, list[Segment]]) -> bool:
    """True when a partial quote inside the report holds words the other quotation lacks."""
    if report.quote.kind != "indirect":
        return False
    inside = (p for p in quoted.get(report.quote.article, ()) if report.start <= p.start < report.end)
    return any(not holds(other.quote.text, p.text) for p in inside)
