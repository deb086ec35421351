"""Conflicts between the accounts of one claim: what cannot all be true.

- figures of one measure (one unit, one act counted where both accounts' verbs
  tell it, a word in common around them; not a running total against one
  occasion's figure; of one party where both accounts name who acts; of one place
  where both name where; in reports published within a day of each other, or
  dating what they state to one day) that cannot
  both hold, after rounding ("$1.4 billion" and "$1.375 billion"
  both do) and the bounds each states ("about", "more than", "at least"); a figure
  whose unit one account leaves unsaid is of the other's measure when the two
  accounts also give one figure alike in the same places ("to 400,000 from a peak of
  1.6 million" and "520,000 arrests ... of the 1.6 million arrests");
- dates of one event that differ: the same predicate, of one party where both
  accounts name who acts, each account with one date to the day, different days
  as written (not the same words read from two publication days, nor a day
  without its year against that day with one);
- one account negating another's predicate ("resigned" / "did not resign"), both
  stated as facts with no hedge (not as a wish or an aim: "you don't want to end the
  game on a sack") and of one party, where the accounts can tell (`_two_parties`); "not ... until"
  or "unless" bounds a negation, and a condition or a counterfactual ("if", "would
  not have") makes it no statement of fact: it denies nothing.

Each conflict says where: the two claims and the spans that conflict."""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from corroborate.align.claim_features import last_word, one_party, same_subject
from corroborate.align.differences import FUNCTION_WORDS, content_words, stem, words
from corroborate.align.figure_pairs import one_body, tally_counts
from corroborate.model import Claim, DateMention, Quantity
from corroborate.nlp.events import event_of
from corroborate.nlp.lexicon import LIGHT_VERBS, NEGATION_WORDS, REPORTING_VERBS
from corroborate.nlp.quantities import GENERIC_UNITS, NUMBER_WORDS, disjoint, running_total

# Words either side of a figure that say what it measures ("$600 million from the forfeiture fund").
_MEASURE_WINDOW = 6
_DAY_OR_MONTH = re.compile(r"^\d{4}-\d\d(?:-\d\d)?$")
_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
# Negation words ("none of them", "nobody") and a contraction however it is spaced
# ("hadn ’ t" in text rebuilt from tokens).
_NEGATION = re.compile(rf"\b(?:{'|'.join(sorted(NEGATION_WORDS))})\b|n\s?['’]\s?t\b", re.I)
# "Will not be released until he is charged" says when it will be, as "will be released
# after he is charged" does: a negation bounded in time or by a condition denies nothing.
_BOUNDED = re.compile(r"\b(?:until|till|unless)\b", re.I)
# A negation under a condition or in a counterfactual states no fact: "even if he had a
# gun, he wouldn't point it", "the team would not have placed him on injured reserve".
_COUNTERFACTUAL = re.compile(r"\b(?:would|could|might|should)(?:\s+not|\s?n['’]t)\s+have\b", re.I)
_IF = re.compile(r"\bif\b", re.I)
# Content words two accounts share when one negates what the other states.
_NEGATED_SHARE = 0.5
# Support verbs and modals that state a wish, an aim or a possibility, not a fact: "you
# don't want to end the game on a sack" negates no account of a sack ending the game.
_NOT_FACTUAL = frozenset("want hope wish try attempt plan intend expect seek aim could may might should".split())
# Reports this many days apart may give a count that moved between them.
_UPDATE_DAYS = 2
# Acts a figure counts alike: "killed 10 people" and "12 people died" count the dead.
_FIGURE_ACTS: dict[str, str] = {"die": "kill", "carry": "win"}  # ("carried the district by 14 points")
# Verbs that count or list what another act did, no act of their own: "the report
# counted 26 flights" / "he had taken 41 flights".
_TALLYING = frozenset("count tally total number include list".split())
# A figure that is not a count of the story's events but of how it is measured: a poll's
# own margin of error ("plus or minus four percentage points": each poll states its own),
# or the window a count is taken over ("won eight of the past nine contests": a window
# that moves with each report). Two such figures measure two polls or two windows.
_MARGIN = re.compile(r"(?:plus\s+or\s+minus|margin\s+of\s+(?:sampling\s+)?error\b[^.;]*?|±|\+/-)\s*$", re.I)
_WINDOW = re.compile(r"\b(?:past|last|previous)\s*$", re.I)
_BEFORE_FIGURE = 60  # characters before a figure read for `_MARGIN`, `_WINDOW`, `_SPAN` and `_AHEAD`
# A count taken since a point in time ("arrested three times since October", "up 4
# percent since January"): the point is part of what it measures.
# (Not a causal "since": "since he was ...".)
_SINCE = re.compile(
    r"^\W*(?:[\w'’-]+\W+){0,2}?since\s+(?:the\s+)?"
    r"(?!(?:he|she|they|it|we|i|you|there|this|that|these|those)\b)([\w'’-]+(?:\s+\d{1,4}\b)?)",
    re.I,
)
_AFTER_FIGURE = 40  # characters after a figure read for `_SINCE`, `_AGED` and the anchors
# Whom an age describes: the words after "N-year-old", a name or else a common noun
# ("61-year-old Kathryn Gomes", "the 32-year-old Klitschko's", "a 36-year-old man").
_AGED = re.compile(r"^\s+(?:((?:[A-Z][\w.-]*\s+)*[A-Z][\w.-]*)|([a-z][\w-]*))")
# A length of time measures a span ("outside for nine minutes"), or how far one event
# lies before or after another ("escorted out 10 minutes earlier", "nine days before the
# inauguration", "takes effect in about 30 days"): a span and an offset, or an offset
# before and one after, are two measures.
_TIME_UNITS = frozenset(
    "second seconds minute minutes hour hours day days week weeks month months year years decade decades".split()
)
_BEFORE_ANCHOR = re.compile(r"^\W*(?:earlier|before|ago|prior)\b", re.I)
_AFTER_ANCHOR = re.compile(r"^\W*(?:later|after|afterward|afterwards|from\s+now)\b", re.I)
_SPAN = re.compile(r"\bfor\s+(?:(?:about|around|roughly|nearly|some|almost|more\s+than|over|under|less\s+than)\s+)?$", re.I)
_AHEAD = re.compile(r"\b(?:in|within)\s+(?:(?:about|around|roughly|nearly|some|another|the\s+next)\s+)?$", re.I)


def find_conflicts(claims: Sequence[Claim], published: Mapping[str, dt.date] | None = None) -> list[dict[str, Any]]:
    """Every conflict among the accounts of one claim (figures, dates, negation);
    `published`: the day each article (by id) was published, where known."""
    return [*_quantity_conflicts(claims, published or {}), *_date_conflicts(claims), *_negation_conflicts(claims)]


def _reported_apart(a: Claim, b: Claim, published: Mapping[str, dt.date]) -> bool:
    """Whether two accounts come from reports published days apart (`_UPDATE_DAYS` or
    more) and neither dates what it states to a day the other does: each figure is
    then of its report's day, and a count, a poll or a tally moves between the two
    ("needs 67 delegates" / "is 71 delegates short")."""
    first, second = published.get(a.article), published.get(b.article)
    if first is None or second is None or abs((first - second).days) < _UPDATE_DAYS:
        return False
    return not {d.value for d in a.dates if d.value} & {d.value for d in b.dates if d.value}


def _pairs(claims: Sequence[Claim], act: Callable[[Claim], str | None] | None = None) -> Iterator[tuple[Claim, Claim]]:
    """Pairs of two articles' accounts with one predicate that names an event (only
    those can be dated apart or negate each other: a large group stays cheap), of one
    party where both name who acts: "the mayor resigned on Tuesday" and "the governor
    resigned on Monday", or "Trump doesn't understand it" and "Sanders understands
    it", are two predications."""
    by_predicate: dict[str, list[Claim]] = defaultdict(list)
    for claim in claims:
        if claim.predicate and claim.predicate not in LIGHT_VERBS and not claim.hedges:
            # (one class of event however it is worded: "attended" / "sat in on"; `act`:
            # the act a claim's figure or date is of, where it says)
            by_predicate[(act(claim) if act else None) or claim.event or claim.predicate].append(claim)
    for same in by_predicate.values():
        for i, a in enumerate(same):
            yield from (
                (a, b)
                for b in same[i + 1 :]
                if a.article != b.article and same_subject(a, b) is not False and not _two_parties(a, b)
            )


def _mentions(text: str, name: str) -> bool:
    return bool(name) and re.search(rf"\b{re.escape(name)}\b", text, re.IGNORECASE) is not None


def _placed_apart(a: Claim, b: Claim) -> bool:
    """Whether both accounts name where and no place is in both (compared by last word:
    "Mt Cook" and "Aoraki Mount Cook" are one)."""
    places_a, places_b = {last_word(p) for p in a.places}, {last_word(p) for p in b.places}
    if not places_a or not places_b or places_a & places_b:
        return False
    # A place one names that the other's words hold all the same is shared: a dateline
    # ("TOLEDO, Ohio —") the NER took for a name, not a place.
    return not any(_mentions(b.text, place) for place in places_a) and not any(_mentions(a.text, place) for place in places_b)


def _main_roles(claim: Claim, role: str) -> set[str]:
    """The nouns filling a role of the claim's main verb (its frame, `nlp.frames`)."""
    event = claim.event or claim.predicate
    frame = next((f for f in claim.frames if f.predicate == event), None)
    return {argument.split(":", 1)[1] for argument in frame.arguments if argument.startswith(f"{role}:")} if frame else set()


def _named(word: str, claim: Claim) -> bool:
    return any(word in name.casefold().split() for name in (*claim.actors, *claim.participants))


_REFERRING_NOUNS = frozenset("matter case issue affair question situation thing one".split())


def _two_parties(a: Claim, b: Claim, by_role: bool = True) -> bool:
    """Whether the two accounts tell the act of two parties where `Claim.subject` cannot
    say: one names who acts and the other names only others ("Ross is not signed for a
    sequel" / "the stars, Lawrence, Hutcherson and Hemsworth, are all signed on"), or
    the main verbs' objects (a passive's subject) are common nouns that differ ("traffic
    to Tunisia is not affected" / "many countries were affected"). A name against a
    common noun ("Polis" / "the governor") may be one party: no verdict. `by_role`: read
    the main verbs' objects too."""
    for named, other in ((a, b), (b, a)):
        if (
            named.subject
            and not other.subject
            and other.actors
            and not any(one_party(named.subject, actor) for actor in other.actors)
            and not _mentions(other.text, last_word(named.subject))  # "Gray's autopsy": named all the same
        ):
            return True
    if not by_role:
        return False
    # What undergoes the act, not who does it: a subject has synonyms an account varies
    # ("the tremor injured five people" / "the quake injured two people").
    # A noun that only refers back ("referred the case" / "referred the matter") names no party.
    fillers_a, fillers_b = _main_roles(a, "object"), _main_roles(b, "object")
    if (fillers_a | fillers_b) & _REFERRING_NOUNS:
        return False
    common_a = {w for w in fillers_a if not _named(w, a)}
    common_b = {w for w in fillers_b if not _named(w, b)}
    return bool(common_a and common_b and common_a == fillers_a and common_b == fillers_b and not common_a & common_b)


def _no_party_in_common(a: Claim, b: Claim) -> bool:
    """Whether both accounts name who takes part (`Claim.actors`, resolved) and no one is
    in both, nor named in the other's words: where neither names who acts, the figures
    of two parties ("Clinton has support from 52 percent" / "the Texas senator and the
    business mogul each have the support of 27 percent") or of two questions ("32
    percent had no opinion of him" / "37 percent say Trump is responsible")."""
    names_a = {key for actor in a.actors if (key := last_word(actor))}
    names_b = {key for actor in b.actors if (key := last_word(actor))}
    if not names_a or not names_b or names_a & names_b:
        return False
    return not any(_mentions(b.text, name) for name in names_a) and not any(_mentions(a.text, name) for name in names_b)


def _date_conflicts(claims: Sequence[Claim]) -> list[dict[str, Any]]:
    """Two accounts of one act dated to two days, or two months ("referred the case in
    June" / "in August"; a day is compared with a month by its month). Each account's
    one day or month is read (a year beside it dates something else: "on Tuesday ...
    over a 2024 spill"); an account giving two is left alone."""
    found = []
    day_of = {c.id: days[0] for c in claims if len(days := _days_of_act(c)) == 1}
    dated = [c for c in claims if c.id in day_of and not c.negated]

    # (a claim whose verb only frames another act is of the act its date is of: "The case
    # began with a complaint filed in March 2017" dates a filing; not "remained closed on
    # Thursday" against "were closed late Wednesday", a state against the act)
    def act(claim: Claim) -> str | None:
        governor = day_of[claim.id].governor
        return event_of(governor) if governor and claim.predicate in _FRAMING else None

    for a, b in _pairs(dated, act):
        da, db = day_of[a.id], day_of[b.id]
        common = min(len(da.value or ""), len(db.value or ""))  # 7: a month, 10: a day
        if (da.value or "")[:common] != (db.value or "")[:common] and _written_apart(da, db):
            found.append(
                {
                    "kind": "date", "a": a.id, "b": b.id, "a_text": da.text, "b_text": db.text,
                    "a_span": [da.start, da.end], "b_span": [db.start, db.end],
                }
            )  # fmt: skip
    return found


# Verbs that frame another act rather than state one ("began with", "came after").
_FRAMING = frozenset("begin start come follow".split())


def _days_of_act(claim: Claim) -> list[DateMention]:
    """The days and months a claim gives, but for the day of its saying: "Wexley said
    Thursday that he had been told ..." dates the telling to no day."""
    act = event_of(claim.predicate)
    return [
        d for d in claim.dates if _DAY_OR_MONTH.match(d.value or "") and not (d.governor in REPORTING_VERBS and d.governor != act)
    ]


def _written_apart(a: DateMention, b: DateMention) -> bool:
    """Whether two dates resolved to different days say different days as written. The
    same words ("Today", "Friday") resolved from two publication days, or a day without
    its year against the same day with one ("Sept. 11" / "Sept. 11, 2001": the year was
    the publication's), say one day."""
    if " ".join(a.text.casefold().split()) == " ".join(b.text.casefold().split()):
        return False
    if not (_YEAR.search(a.text) and _YEAR.search(b.text)):
        common = min(len(a.value or ""), len(b.value or ""))
        return (a.value or "")[5:common] != (b.value or "")[5:common]
    return True


def negates(a: Claim, b: Claim) -> bool:
    """Whether one account states as fact the negation of what the other states: one
    negated, neither a wish or a possibility, the negation bounded by no "until" or
    condition, and most of their content words shared ("resigned" / "did not resign")."""
    if a.negated == b.negated:
        return False
    positive, negative = (b, a) if a.negated else (a, b)
    if a.modality in _NOT_FACTUAL or b.modality in _NOT_FACTUAL:
        return False
    if _NEGATION.search(positive.text):
        return False  # "only applies to couples, and not to partners": a negation all the same
    if _BOUNDED.search(negative.text) or _hypothetical(negative.text):
        return False
    ca, cb = content_words(a.text) - {a.predicate}, content_words(b.text) - {b.predicate}
    # ("support the amendment" / "don't support that": not one predication)
    return bool(ca and cb and len(ca & cb) >= _NEGATED_SHARE * min(len(ca), len(cb)))


def _negation_conflicts(claims: Sequence[Claim]) -> list[dict[str, Any]]:
    found = []
    for a, b in _pairs(claims):
        if not negates(a, b):
            continue
        found.append(
            {
                "kind": "negation", "a": a.id, "b": b.id, "a_text": a.text, "b_text": b.text,
                "a_span": [a.start, a.end], "b_span": [b.start, b.end],
            }
        )  # fmt: skip
    return found


def _hypothetical(text: str) -> bool:
    """A counterfactual negation, or one under a condition stated before it ("even if
    ..., he wouldn't"); a condition after it ("did not resign, even if they asked")
    leaves the denial standing."""
    if _COUNTERFACTUAL.search(text):
        return True
    condition, negation = _IF.search(text), _NEGATION.search(text)
    return condition is not None and negation is not None and condition.start() < negation.start()


def _measured(claim: Claim, quantity: Quantity) -> set[str]:
    """The content words either side of a figure in its claim, up to the next figure:
    what it measures ("$600 million from the Treasury's forfeiture fund")."""
    start, end = quantity.start - claim.start, quantity.end - claim.start
    others = [q for q in claim.quantities if q is not quantity]
    after_stop = min((q.start - claim.start for q in others if q.start >= quantity.end), default=len(claim.text))
    before_stop = max((q.end - claim.start for q in others if q.end <= quantity.start), default=0)
    after = words(claim.text[end:after_stop])[:_MEASURE_WINDOW]
    before = words(claim.text[before_stop:start])[-_MEASURE_WINDOW:]
    return {stem(w) for w in (*before, *after) if w not in FUNCTION_WORDS and w not in NUMBER_WORDS and len(w) > 2}


def _same_measure(a: Claim, qa: Quantity, b: Claim, qb: Quantity) -> bool:
    """Two figures of one measure (their acts agreeing, `_one_act`): one unit and a word
    in common around them (a story gives many figures in miles, hours or dollars:
    "chased him for 30 miles" and "the office is about 15 miles north of Detroit"
    measure two things)."""
    if not qa.unit or not qb.unit:
        return False
    if (tally_a := tally_counts(qa)) is not None and (tally_b := tally_counts(qb)) is not None:
        return one_body(tally_a, tally_b)  # two tallies of one body's size in one claim: one vote
    if not _one_unit(qa.unit, qb.unit) and not _acts_counted(qa, qb):
        return False
    return bool(_measured(a, qa) & _measured(b, qb))


def _acts_counted(qa: Quantity, qb: Quantity) -> bool:
    """Whether one figure counts the times an act was done and the other what that act
    did, under one verb: "fired six times" / "fired eight rounds"."""
    units = {(qa.unit or "").casefold(), (qb.unit or "").casefold()}
    return "times" in units and len(units) == 2 and qa.governor is not None and qa.governor == qb.governor


def _counterpart(q: Quantity, other: Quantity) -> bool:
    """Whether `q` is a figure of `other`'s unit that fits it."""
    same = q.unit == other.unit or bool(q.unit and other.unit and _one_unit(q.unit, other.unit))
    return same and not disjoint(q, other)


def _one_unit(first: str, second: str) -> bool:
    """One unit, or one counted noun whose describing words agree by stem: "charter
    flights" / "chartered flights" (not "armed men" / "unarmed men")."""
    if first == second:
        return True
    # "14 percentage points" / "nearly 11 points": the margin's unit, said short
    a, b = ([w for w in unit.casefold().split() if w != "percentage"] for unit in (first, second))
    return bool(a) and len(a) == len(b) and a[-1] == b[-1] and [stem(w) for w in a[:-1]] == [stem(w) for w in b[:-1]]


def _one_act(qa: Quantity, qb: Quantity) -> bool:
    """Whether two figures may count one act: their governing verbs (`Quantity.governor`)
    state one class of event, or either is unknown or a copula, which names no act
    ("there were 520,000 arrests", "the toll is 12"). "Missed nine games" and "started
    10 games", "had 70 yards" and "rushed for 404 yards", "10 people were killed" and
    "injured three people" count two things."""
    first, second = (None if g is None else _FIGURE_ACTS.get(g, g) for g in (qa.governor, qb.governor))
    return first is None or second is None or first == second or bool({"be", *_TALLYING} & {first, second})


@dataclass(frozen=True)
class _Reading:
    """What the words around a figure say it measures, read once per figure: how
    something was measured (`_MARGIN`, `_WINDOW`: a poll's margin of error, "eight of the
    past nine"), the point in time a count is taken since (`_SINCE`), whether a length
    of time is an offset before or after another event (`_offset`), whom an age
    describes (`_AGED`)."""

    of_measurement: bool
    since: str | None
    offset: str | None
    aged: str | None
    rate: str | None  # the period a figure is per ("$2.8 billion a year"): a rate, not a total
    relative: bool = False  # a difference from another figure ("two votes more than the 23 needed")


_RATE = re.compile(
    r"\s*(?:(?:a|an|per|each|every)\s+(?P<period>year|month|week|day)\b(?!\s+(?:ago|earlier|later|before|after))"
    r"|(?P<adverb>annually|yearly|monthly|weekly|daily)\b)",
    re.I,
)


_RELATIVE = re.compile(r"\s*(?:(?:more|fewer|less|higher|lower)\s+than|short\s+of|shy\s+of)\b", re.I)


_PER_ADVERB = {"annually": "year", "yearly": "year", "monthly": "month", "weekly": "week", "daily": "day"}


def _period(after: str) -> str | None:
    """The period a figure is counted per, from the words after it ("a year", "annually")."""
    found = _RATE.match(after)
    if found is None:
        return None
    return found.group("period").casefold() if found.group("period") else _PER_ADVERB[found.group("adverb").casefold()]


def _reading(claim: Claim, quantity: Quantity) -> _Reading:
    start, end = quantity.start - claim.start, quantity.end - claim.start
    before = claim.text[max(0, start - _BEFORE_FIGURE) : start]
    after = claim.text[end : end + _AFTER_FIGURE]
    since = _SINCE.match(after)
    return _Reading(
        of_measurement=bool(_MARGIN.search(before) or _WINDOW.search(before)),
        since=" ".join(since.group(1).casefold().split()) if since else None,
        offset=_offset(quantity, before, after),
        aged=_aged(quantity, after),
        rate=_period(after),
        relative=bool(_RELATIVE.match(after)),
    )


def _apart(a: _Reading, b: _Reading) -> bool:
    """Whether two figures' readings say they measure two things: either says how
    something was measured; counts since different points in time, or one since a point
    and one without ("arrested four times" / "arrested three times since October"); a
    span of time against an offset, or offsets on two sides; or two people's ages."""
    return (
        a.of_measurement
        or b.of_measurement
        or a.since != b.since
        or a.offset != b.offset
        or a.rate != b.rate  # "$2.8 billion a year" / "$28 billion over a decade"
        or a.relative != b.relative  # "passed with 25 votes" / "two votes more than the 23 needed"
        or _two_people(a.aged, b.aged)
    )


def _aged(quantity: Quantity, after: str) -> str | None:
    """Whom an age ("N-year-old") describes, case-folded: the name after it, else the
    common noun after it; None for any other figure."""
    if quantity.unit != "year-old" or not (found := _AGED.match(after)):
        return None
    return re.sub(r"['’]s$", "", found.group(1) or found.group(2)).casefold()


def _two_people(first: str | None, second: str | None) -> bool:
    """Two ages' people differ: whole names that differ ("61-year-old Kathryn Gomes" /
    "35-year-old Gary Gomes"), else last words that differ ("the 36-year-old Rahman" /
    "the 32-year-old Klitschko")."""
    if first is None or second is None:
        return False
    if len(first.split()) >= 2 and len(second.split()) >= 2:
        return first != second
    return first.split()[-1] != second.split()[-1]


def _offset(quantity: Quantity, before: str, after: str) -> str | None:
    """Whether a length of time is an offset before ("10 minutes earlier", "nine days
    before", "three years ago") or after another event ("three days later", "two days
    after the crash", "in about 30 days"): "before", "after", or None for a span ("for
    nine minutes") or any other figure."""
    if (quantity.unit or "").casefold() not in _TIME_UNITS or _SPAN.search(before):
        return None  # "outside for nine minutes before coming back": a span
    if _BEFORE_ANCHOR.match(after):
        return "before"
    if _AFTER_ANCHOR.match(after) or _AHEAD.search(before):
        return "after"
    return None


def _aligned(a: Claim, qa: Quantity, b: Claim, qb: Quantity) -> bool:
    """Figures of one measure though one account leaves the unit unsaid: the two accounts
    also give one figure alike, with the same units, on the same side of them ("fell to
    400,000 from a peak of 1.6 million" and "520,000 arrests, a third of the 1.6 million
    arrests")."""
    if (qa.unit is None) == (qb.unit is None) or (qa.unit or qb.unit) in GENERIC_UNITS:
        return False
    for anchor_a in a.quantities:
        for anchor_b in b.quantities:
            if anchor_a is qa or anchor_b is qb or (anchor_a.unit, anchor_b.unit) != (qa.unit, qb.unit):
                continue
            alike = anchor_a.min == anchor_b.min and anchor_a.max == anchor_b.max and anchor_a.min is not None
            if alike and (anchor_a.start > qa.start) == (anchor_b.start > qb.start):
                return True
    return False


def _quantity_conflicts(claims: Sequence[Claim], published: Mapping[str, dt.date]) -> list[dict[str, Any]]:
    """Figures of one measure in two articles' accounts that cannot both hold, where
    neither account also gives a figure the other's fits (a claim listing several
    sums, of which the other names one, is no conflict), in reports of about one day."""
    found = []
    # Each source's figures in each article (the outlet's own, or one speaker's): a source
    # giving both figures measures two things with them ("raised the gas tax by 12 cents"
    # / "The tax is 24.5 cents a gallon"), however the group joined its sentences.
    stated: dict[tuple[str, str | None], list[Quantity]] = defaultdict(list)
    for claim in claims:
        stated[(claim.article, claim.by)].extend(claim.quantities)
    totals = [running_total(c.text) if c.quantities else False for c in claims]
    readings = [[_reading(c, q) for q in c.quantities] for c in claims]
    for i, a in enumerate(claims):
        for j, b in enumerate(claims[i + 1 :], start=i + 1):
            if a.article == b.article or totals[i] != totals[j]:
                continue  # a running total and one occasion's figure measure a whole and its part
            # "Manning threw for 364 yards" / "Garrard threw for 329 yards": two parties'
            # figures. (Not by the main verb's roles: a figure may count another clause's act,
            # "the tremor struck the area, injuring five people".)
            if same_subject(a, b) is False or _two_parties(a, b, by_role=False) or _no_party_in_common(a, b):
                continue
            if _placed_apart(a, b) or _reported_apart(a, b, published):
                continue  # "fell 150 metres at Mount Cook" / "fell 600 metres on Mount Sefton": two occasions
            for qa, ra in zip(a.quantities, readings[i], strict=True):
                for qb, rb in zip(b.quantities, readings[j], strict=True):
                    if not _one_act(qa, qb) or not disjoint(qa, qb) or _apart(ra, rb):
                        continue
                    if not (_same_measure(a, qa, b, qb) or _aligned(a, qa, b, qb)):
                        continue
                    if any(_counterpart(q, qa) for q in b.quantities):
                        continue  # qa has its counterpart in b
                    if any(_counterpart(q, qb) for q in a.quantities):
                        continue
                    if any(_counterpart(q, qa) for q in stated[(b.article, b.by)]) or any(
                        _counterpart(q, qb) for q in stated[(a.article, a.by)]
                    ):
                        continue  # one source gives both figures
                    found.append(
                        {
                            "kind": "quantity", "a": a.id, "b": b.id, "a_text": qa.text, "b_text": qb.text,
                            "a_span": [qa.start, qa.end], "b_span": [qb.start, qb.end],
                        }
                    )  # fmt: skip
    return found
