"""Claims giving one figure: the same value in one unit (`figure_pairs`), or one count
as each outlet rounds it (`near_figure_pairs`): "the agency had 640 employees in
the state" / "it has more than 600 federal workers on the ground", "870 people
sleeping in shelters" / "nearly 900 residents remain in shelters".

The exact-figure rule (`figure_pairs`) asks for one value within rounding in
one unit; outlets also state a count as a bound ("more than 600") or an
approximation ("nearly 900"), and name the people counted differently ("residents",
"people", "workers"). Two figures are near when both can hold (`quantities.disjoint`
says they can), their values are within _NEAR_RATIO of each other, and they count
one kind of thing: one unit, or people. Money and shares name no kind (every offer
of a story is in dollars: "$140 million" and "about $160 million" are two bids, and
the exact-figure rule joins one sum rounded). A near figure a story gives often tells
none of its claims apart (at most `max_mentions` near figures in the story)."""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from collections.abc import Callable, Sequence

from corroborate.align.blocking import blocked_pairs
from corroborate.align.differences import stem
from corroborate.model import Claim, Quantity
from corroborate.nlp.dates import clock_times
from corroborate.nlp.events import is_known_class
from corroborate.nlp.lexicon import PEOPLE_NOUNS, REPORTING_VERBS
from corroborate.nlp.quantities import GENERIC_UNITS, disjoint

# "more than 600" and 640, "nearly 900" and 870; not 600 and 800.
_NEAR_RATIO = 0.85
# Below this a count is too common to tell claims apart ("three people", "10 days").
_MIN_VALUE = 20
_PEOPLE = frozenset(stem(noun) for noun in PEOPLE_NOUNS)


def _unit_noun(quantity: Quantity) -> str | None:
    """The last word of a figure's unit, case-folded ("federal workers" -> "workers")."""
    words = (quantity.unit or "").split()
    return words[-1].casefold() if words else None


def _kind(quantity: Quantity) -> str | None:
    """What a figure counts: "people" for any noun of people, else its unit's stem."""
    noun = _unit_noun(quantity)
    if noun is None or quantity.unit in GENERIC_UNITS:
        return None
    return "people" if stem(noun) in _PEOPLE else stem(noun)


def _value(quantity: Quantity) -> float | None:
    """The figure's one value: a bound's number, or a range's middle."""
    low, high = quantity.min, quantity.max
    if low is None or high is None:
        return low if high is None else high
    return (low + high) / 2


def _near(a: Quantity, va: float, b: Quantity, vb: float) -> bool:
    return min(va, vb) >= _NEAR_RATIO * max(va, vb) and not disjoint(a, b)


def near_figures(a: Quantity, b: Quantity) -> bool:
    """Whether two figures may be one count or sum as two outlets round it: one unit
    (money included), values both can hold and within _NEAR_RATIO of each other."""
    va, vb = _value(a), _value(b)
    if va is None or vb is None or _unit_noun(a) is None or _unit_noun(a) != _unit_noun(b):
        return False
    return _near(a, va, b, vb)


def figures_agree(a: Claim, b: Claim) -> bool | None:
    """Whether two claims' figures of one unit agree: True when a pair is near (one count
    as two outlets round it), False when pairs of one unit exist and none is, None when
    they give no figures of one unit."""
    found = None
    for x in a.quantities:
        for y in b.quantities:
            if _unit_noun(x) is None or _unit_noun(x) != _unit_noun(y):
                continue
            if near_figures(x, y):
                return True
            found = False
    return found


def _one_act(a: Quantity, b: Quantity) -> bool:
    """Whether the verbs the figures depend on may state one act ("killed 40" is no
    "injured 40"): the same, or either unknown or a copula."""
    return a.governor is None or b.governor is None or a.governor == b.governor or "be" in (a.governor, b.governor)


def near_figure_pairs(claims: Sequence[Claim], max_mentions: int) -> set[tuple[int, int]]:
    """Cross-article pairs of claims giving near figures of one kind, the figure told
    at most `max_mentions` times in the story (each near figure, the figure itself
    counted, in any article)."""
    by_kind: dict[str, list[tuple[float, int, Quantity]]] = defaultdict(list)
    for index, claim in enumerate(claims):
        for quantity in claim.quantities:
            kind, value = _kind(quantity), _value(quantity)
            if kind is not None and value is not None and value >= _MIN_VALUE:
                by_kind[kind].append((value, index, quantity))
    pairs: set[tuple[int, int]] = set()
    for figures in by_kind.values():
        figures.sort(key=lambda figure: figure[0])
        values = [value for value, _, _ in figures]
        for value, index, quantity in figures:
            # (the figures within the ratio, by value; `_near` checks each)
            lo = bisect.bisect_left(values, value * _NEAR_RATIO)
            hi = bisect.bisect_right(values, value / _NEAR_RATIO)
            near = [figures[m] for m in range(lo, hi) if _near(quantity, value, figures[m][2], figures[m][0])]
            if len({(claims[i].article, q.start) for _, i, q in near}) > max_mentions:
                continue
            pairs.update(
                (min(index, i), max(index, i))
                for _, i, other in near
                if claims[i].article != claims[index].article and _one_act(quantity, other)
            )
    return pairs


def _round(value: float) -> float:
    """Two significant digits: "$1.375 billion" and "$1.4 billion" are one figure."""
    if value == 0:
        return 0.0
    return float(f"{value:.2g}")


def figure_pairs(claims: Sequence[Claim], max_postings: int, max_mentions: int) -> set[tuple[int, int]]:
    """Cross-article pairs giving one figure (the value within rounding, in one unit:
    what it counts, "800,000 federal employees" / "800,000 government employees") that
    the story mentions at most `max_mentions` times: a figure the outlets repeat
    in statement after statement tells none of them apart. A bound ("more than
    800,000") counts as its value; a range and a small count (0 to 10) count as none.
    A time of day counts as a figure ("effective at 5 p.m." / "took effect Friday at 5
    p.m."): the moment of one act."""
    keys: list[set[str]] = []
    mentions: dict[str, set[tuple[str, int]]] = defaultdict(set)  # figure -> (article, offset)
    for claim in claims:
        found = set()
        for q in claim.quantities:
            value = q.min if q.max is None or q.min == q.max else q.max if q.min is None else None
            noun = _unit_noun(q)
            if value is None or noun is None or value in range(0, 11):
                continue
            key = f"{_round(value)}:{stem(noun)}"
            found.add(key)
            mentions[key].add((claim.article, q.start))
        for time, offset in clock_times(claim.text):
            key = f"{time}:clock"
            found.add(key)
            mentions[key].add((claim.article, claim.start + offset))
        keys.append(found)
    telling = [{key for key in found if len(mentions[key]) <= max_mentions} for found in keys]
    return {(a, b) for a, b in blocked_pairs(enumerate(telling), max_postings) if claims[a].article != claims[b].article}


# Two tallies are one body's vote when their totals (for and against) are this close:
# "11 to 1" / "10-1" (a member absent or miscounted), not a committee's 5-2 and the
# full council's 9-0.
_ONE_BODY_RATIO = 0.8
_COUNTS = re.compile(r"\d+")


def tally_counts(quantity: Quantity) -> tuple[int, int] | None:
    """A vote's two counts, for and against ("11 to 4" -> (11, 4))."""
    if quantity.unit != "tally":
        return None
    counts = [int(n) for n in _COUNTS.findall(quantity.text)]
    return (counts[0], counts[1]) if len(counts) == 2 else None


def one_body(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two tallies may count one body's votes (`_ONE_BODY_RATIO`)."""
    small, large = sorted((sum(a), sum(b)))
    return large > 0 and small >= _ONE_BODY_RATIO * large


def tally_pairs(claims: Sequence[Claim]) -> set[tuple[int, int]]:
    """Cross-article pairs of claims giving the tally of one vote, as each outlet counts
    it ("voted 11 to 1" / "censured her in a 10-1 vote" / "passed 11-1"): tallies of
    one body's size (`one_body`), when neither article gives another tally of that
    size (a second vote of the same body: which is which, unknown)."""
    by_article: dict[str, list[tuple[int, tuple[int, int]]]] = defaultdict(list)
    for index, claim in enumerate(claims):
        for quantity in claim.quantities:
            if (counts := tally_counts(quantity)) is not None:
                by_article[claim.article].append((index, counts))

    def sole(article: str, counts: tuple[int, int]) -> bool:
        return all(other == counts or not one_body(other, counts) for _, other in by_article[article])

    pairs: set[tuple[int, int]] = set()
    articles = sorted(by_article)
    for n, first in enumerate(articles):
        for second in articles[n + 1 :]:
            for a, counts_a in by_article[first]:
                for b, counts_b in by_article[second]:
                    if one_body(counts_a, counts_b) and sole(first, counts_a) and sole(second, counts_b):
                        pairs.add((min(a, b), max(a, b)))
    return pairs


def figure_links(claims: Sequence[Claim], max_postings: int, max_mentions: int) -> set[tuple[int, int]]:
    """Cross-article pairs giving one telling figure (`telling_figures`), exact or as each
    outlet rounds it, or one vote's tally."""
    counted = telling_figures(claims)
    return figure_pairs(counted, max_postings, max_mentions) | near_figure_pairs(counted, max_mentions) | tally_pairs(claims)


# Figures that tell no claim apart when outlets give them beside something else
# (`telling_figures`): durations ("a 21-year veteran", "over 20 years" are background more
# often than a claim) and a race run ("won the 100 meters").
_DURATION_UNITS = frozenset("year years month months week weeks day days hour hours decade decades".split())
_DISTANCE_UNITS = frozenset("meters metres meter metre m yards kilometers kilometres miles".split())


def _telling(claim: Claim, quantity: Quantity) -> bool:
    """Whether a figure may tell one claim of a story from the others across outlets: not
    a duration, not a count under _MIN_VALUE ("11 counties"), not a race ("the 100 meters")."""
    unit = _unit_noun(quantity) or ""
    low = quantity.min if quantity.min is not None else quantity.max
    if unit in _DURATION_UNITS or low is None or low < _MIN_VALUE:
        return False
    before = claim.text[: max(0, quantity.start - claim.start)]
    if _PARTITIVE_BEFORE.search(before):
        return False  # "26 of the 38 removed titles": 38 is the whole the part is taken from
    return not (unit in _DISTANCE_UNITS and before.casefold().endswith("the "))


_PARTITIVE_BEFORE = re.compile(r"\b\d[\d,.]*\s+(?:out\s+)?of\s+(?:the|its|their|his|her|our)\s+$", re.I)


def _base_of_part(claim: Claim, quantity: Quantity) -> bool:
    """ "26 of the 38 removed titles": 38 is the whole the claim takes its part from."""
    return bool(_PARTITIVE_BEFORE.search(claim.text[: max(0, quantity.start - claim.start)]))


def without_bases(claims: Sequence[Claim]) -> list[Claim]:
    """The claims without the wholes their parts are taken from (`_base_of_part`): a
    claim of 26 of 38 titles states 26, and joins no claim of 38 titles by that figure."""
    return _keeping(claims, lambda claim, q: not _base_of_part(claim, q))


def telling_figures(claims: Sequence[Claim]) -> list[Claim]:
    """The claims with only the figures that may tell them apart (`_telling`); a claim
    whose figures all do is itself."""
    return _keeping(claims, _telling)


def _keeping(claims: Sequence[Claim], keep: Callable[[Claim, Quantity], bool]) -> list[Claim]:
    """Each claim with only the figures `keep` accepts (itself when it accepts all)."""
    result = []
    for claim in claims:
        kept = tuple(q for q in claim.quantities if keep(claim, q))
        result.append(claim if len(kept) == len(claim.quantities) else claim.model_copy(update={"quantities": kept}))
    return result


# Acts whose day is background more often than the claim ("the report, released Tuesday,
# found ..."): a document's publication dates what it says, not the act it reports.
_BACKGROUND_ACTS = frozenset(["publish"])
_DETERMINER_BEFORE = re.compile(r"\b(?:a|an|the|its|his|her|their|this|that)\s+$", re.I)


def dated_act_pairs(claims: Sequence[Claim], max_mentions: int) -> set[tuple[int, int]]:
    """Cross-article pairs of claims dating one known class of act to one time ("whom the
    mayor appointed chief in 2021" / "was appointed by the mayor in January 2021" / "before
    the mayor tapped her as chief in 2021"): the date's verb of one class the lexicon
    names, the dates agreeing as far as both go, told at most `max_mentions` times."""
    by_act: dict[tuple[str, str], list[tuple[int, str]]] = defaultdict(list)
    for index, claim in enumerate(claims):
        for d in claim.dates:
            act = d.governor
            if not d.value or act is None or act in REPORTING_VERBS or act in _BACKGROUND_ACTS or not is_known_class(act):
                continue
            if _DETERMINER_BEFORE.search(claim.text, 0, max(0, d.start - claim.start)):
                continue  # a date naming a thing, not dating the act: "reverse a 2014 ban"
            by_act[(act, d.value[:4])].append((index, d.value))
    pairs: set[tuple[int, int]] = set()
    for dated in by_act.values():
        if len(dated) > max_mentions:
            continue
        for n, (a, va) in enumerate(dated):
            for b, vb in dated[n + 1 :]:
                common = min(len(va), len(vb))
                if claims[a].article != claims[b].article and va[:common] == vb[:common]:
                    pairs.add((min(a, b), max(a, b)))
    return pairs
