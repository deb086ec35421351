"""What two claims of a story have in common, as numbers a fitted score weighs.

`story_features` reads a story's claims once (content words and their weight in the
story, telling participants, dates, figures, the event stated); `candidate_pairs`
blocks on those keys, so the work grows with the claims, not their pairs; and
`pair_features` describes one pair. `pair_score` turns the description into the chance
that the two state one claim, by a logistic regression fitted on labelled pairs
(`benchmarks/claim_score_fit.py`; coefficients in `data/claim_score.json`, one set
by words alone and one with the sentence cosine: by words the score joins pairs no rule
joined (`claims._scored_pairs`); in both modes the one-to-one alignment of two articles'
claims and its check on rule pairs read it)."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from corroborate.align.blocking import blocked_pairs
from corroborate.align.differences import stem, words
from corroborate.model import Claim
from corroborate.nlp.dates import days_meet, days_of
from corroborate.nlp.events import polar
from corroborate.nlp.lexicon import FUNCTION_WORDS, LIGHT_VERBS
from corroborate.nlp.names import ROLE_WORDS, acronyms_of, capitalised_names, organisation_key
from corroborate.nlp.quantities import GENERIC_UNITS, NUMBER_WORDS, running_total

MAX_POSTINGS = 40
# A claim found in _RARE_DF claims of a story: the unit shared-word weights are counted in.
RARE_DF = 3
# A participant in more than this share of a story's claims tells no event from another.
MAX_PARTICIPANT_SHARE = 0.25

# The features, in the order of the fitted coefficients.
FEATURES = (
    "shared_weight",  # idf weights of the shared content words, in rare words (capped)
    "shared_words",  # how many content words are shared (capped)
    "overlap",  # shared words / the shorter claim's words
    "jaccard",  # shared words / all their words
    "weighted_jaccard",  # weight of the shared words / weight of all their words
    "weighted_cover",  # weight of the shared words / the lighter claim's weight
    "telling_participants",  # shared participants that are not everywhere in the story (capped)
    "any_participant",  # a participant in common at all
    "same_event",  # the same class of event, negated or not alike
    "opposite_event",  # the same class of event, one negated
    "other_event",  # both state an event, different classes
    "shared_date",  # a resolved date in common
    "other_dates",  # both give resolved dates, none in common
    "shared_figure",  # an exact figure in common (value and unit)
    "other_figures",  # both give exact figures, none in common
    "same_unit",  # figures in one unit
    "one_measure",  # figures in one unit for the same thing: telling words shared besides the figures'
    "same_speaker",  # one speaker (entity)
    "other_speaker",  # both have a speaker, different ones
    "length_ratio",  # shorter / longer, in words
    "cosine",  # sentence embeddings (0 by words)
)


@dataclass(frozen=True)
class Figures:
    """What states a claim's figures: their units (last word, stemmed: "miles") and
    every word of a number or a unit ("three", "nautical", "miles"), stemmed."""

    units: frozenset[str]
    words: frozenset[str]
    total: bool = False  # given as a running or grand total (`quantities.running_total`)


@dataclass(frozen=True)
class StoryFeatures:
    """A story's claims as the pair features read them, computed once per story."""

    contents: list[frozenset[str]]
    weight: dict[str, float]
    rare_weight: float
    participants: list[frozenset[str]]
    telling: list[frozenset[str]]
    details: list[frozenset[str]]
    figures: list[Figures]
    events: list[str | None]
    lengths: list[int]
    content_weights: list[float]  # each claim's content words, weighed


def common_words(claim: Claim) -> frozenset[str]:
    """Content stems that are neither names, roles nor figure words: what a statement
    is about. Figure words ("several", "one", "dozens") say how many, not of what.
    Digits stay: "6.1", "2012" and "187" tell one event from another."""
    names = capitalised_names(claim.text)
    return frozenset(
        stem(w)
        for w in words(claim.text, expand=True)
        if w not in FUNCTION_WORDS and len(w) > 2 and w not in names and w not in ROLE_WORDS and w not in NUMBER_WORDS
    )


def date_words(claim: Claim) -> frozenset[str]:
    """The stems of the words of its dates but a year's digits ("last year" -> "last",
    "year"): what `details` compares as a resolved date, not as words stated."""
    return frozenset(stem(w) for d in claim.dates for w in words(d.text) if not w.isdigit())


def last_word(name: str) -> str:
    """How claims compare the names of who takes part: by the last word, case-folded
    ("Blake Farenthold" and "Mr. Farenthold" are one), keyed as organisations' names are
    (`names.organisation_key`: "the N.C.A.A." and "the NCAA" are one); "" for no name."""
    found = name.split()
    return organisation_key(found[-1]) if found else ""


def same_subject(a: Claim, b: Claim) -> bool | None:
    """Whether two claims are about one party (`Claim.subject`, resolved in each article),
    compared by `last_word` as claims compare names: one outlet's "Michael G. Grimm" or
    "Special Agent Peter Strzok" is another's "Michael Grimm" or "Peter Strzok". None
    when either subject was not found."""
    if not a.subject or not b.subject:
        return None
    return one_party(a.subject, b.subject)


def one_party(first: str, second: str) -> bool:
    """Whether two names of who takes part are one: their last words agree, or one is
    the other's acronym ("OCE" / "Office of Congressional Ethics")."""
    if last_word(first) == last_word(second):
        return True
    return any(
        short.replace(".", "").isupper() and organisation_key(short) in acronyms_of(long)
        for short, long in ((first, second), (second, first))
    )


def two_people_acting(a: Claim, b: Claim, people: Collection[str]) -> bool:
    """Whether two claims state one class of event (`event_key`, so no light verb's) done
    by two different people: both subjects name people of the story (`people`,
    case-folded names and aliases), their last words differ, and neither claim names
    the other's subject ("Inslee imposed a ban" / "Murray announced a ban": two bans).
    Organisations are left out: "the White House" and "Trump" may tell one act. The
    subject of another clause named in the claim ("Goelman said his client was fired")
    is one party of two, not another act."""
    if not _one_event(a, b) or not a.subject or not b.subject:
        return False
    if a.subject.casefold() not in people or b.subject.casefold() not in people:
        return False
    first, second = last_word(a.subject), last_word(b.subject)
    if not first or not second or first == second:
        return False
    return not (second in _named(a.text, a.actors) or first in _named(b.text, b.actors))


def _one_event(a: Claim, b: Claim) -> bool:
    """Whether two claims state one class of event (`event_key`; a light verb states none)."""
    event = event_key(a)
    return event is not None and event == event_key(b)


def dated_apart(a: Claim, b: Claim) -> bool:
    """Whether two claims state one class of event (`event_key`) on days that cannot be
    one occasion: each gives a day or a week (`dates.days_of`), and none of one's meets
    one of the other's ("won the Ohio primary on Tuesday" in one year and in another).
    A month or a year is too coarse to tell ("the 2014 ban" beside its reversal)."""
    if not _one_event(a, b):
        return False
    first = [days for date in a.dates if (days := days_of(date.value)) is not None]
    second = [days for date in b.dates if (days := days_of(date.value)) is not None]
    return bool(first and second) and not days_meet(first, second)


@lru_cache(maxsize=4096)
def _named(text: str, actors: tuple[str, ...]) -> frozenset[str]:
    """The last words of the parties a claim names, its actors and its own words (kept:
    a claim is compared with each of its candidate pairs)."""
    return frozenset({last_word(name) for name in actors} | {w.removesuffix("'s") for w in words(text)})


def participants(claim: Claim) -> frozenset[str]:
    """Who takes part: the claim's speaker (entity id) and the names it mentions (by
    their `last_word`)."""
    found = {f"e:{claim.by}"} if claim.by else set()
    found.update(f"n:{name}" for name in capitalised_names(claim.text) if len(name) > 2)
    found.update(f"n:{last_word(name)}" for name in (*claim.participants, *claim.places) if name.split())
    return frozenset(found)


def details(claim: Claim) -> frozenset[str]:
    """Dates (resolved) and exact figures (value and unit) a claim gives; small
    counts (0 to 10) are everywhere and tell nothing."""
    found = {f"d:{d.value}" for d in claim.dates if d.value}
    found.update(
        f"q:{q.min}:{q.unit}" for q in claim.quantities if q.min is not None and q.min == q.max and q.min not in range(0, 11)
    )
    return frozenset(found)


def figures(claim: Claim) -> Figures:
    """Money and shares ("$160 million", "30%") give no unit here: a story's offers,
    budgets or polls all have them, so the unit tells no two of them apart."""
    units: set[str] = set()
    found: set[str] = set()
    for quantity in claim.quantities:
        if quantity.unit and quantity.unit not in GENERIC_UNITS:
            units.add(stem(quantity.unit.split()[-1].casefold()))
        found.update(stem(w) for w in (quantity.unit or "").casefold().split())
        found.update(stem(w) for w in words(quantity.text, expand=True) if w.isdigit() or w in NUMBER_WORDS)
    return Figures(frozenset(units), frozenset(found), bool(claim.quantities) and running_total(claim.text))


def event_key(claim: Claim) -> str | None:
    """The class of event a claim states (`Claim.event`, else its predicate), or None
    for a verb that states none of its own (a light verb's phrase may: "put on hold");
    a class stated as another's negation in that other's terms ("stay" -> "leave",
    with `negated_event`)."""
    if not claim.predicate or (claim.predicate in LIGHT_VERBS and claim.event in (None, claim.predicate)):
        return None
    return polar(claim.event or claim.predicate, claim.negated)[0]


def negated_event(claim: Claim) -> bool:
    """Whether the claim states its `event_key` did not happen ("is staying in": not leaving)."""
    return polar(claim.event or claim.predicate, claim.negated)[1]


def story_features(claims: Sequence[Claim]) -> StoryFeatures:
    contents = [common_words(c) for c in claims]
    frequency = Counter(w for found in contents for w in found)
    size = max(len(claims), 1)
    weight = {w: math.log(size / n) for w, n in frequency.items()}
    rare_weight = math.log(max(len(claims), 2 * RARE_DF) / RARE_DF)
    found = [participants(c) for c in claims]
    held = Counter(p for f in found for p in f)
    limit = max(3, MAX_PARTICIPANT_SHARE * len(claims))
    telling = [frozenset(p for p in f if held[p] <= limit) for f in found]
    return StoryFeatures(
        contents=contents,
        weight=weight,
        rare_weight=rare_weight,
        participants=found,
        telling=telling,
        details=[details(c) for c in claims],
        figures=[figures(c) for c in claims],
        events=[event_key(c) for c in claims],
        lengths=[len(words(c.text)) for c in claims],
        content_weights=[math.fsum(weight[w] for w in held_words) for held_words in contents],
    )


def candidate_pairs(story: StoryFeatures) -> set[tuple[int, int]]:
    """Pairs sharing a content word, a telling participant, a date or figure, or the
    class of event; a key held by more than MAX_POSTINGS claims makes no pairs."""
    keys = [
        {f"w:{w}" for w in story.contents[i]}
        | {f"p:{p}" for p in story.telling[i]}
        | set(story.details[i])
        | ({f"v:{story.events[i]}"} if story.events[i] else set())
        for i in range(len(story.contents))
    ]
    return blocked_pairs(enumerate(keys), MAX_POSTINGS)


def shared_weight(story: StoryFeatures, shared: frozenset[str]) -> float:
    return math.fsum(story.weight[w] for w in shared) / story.rare_weight


def _weight(story: StoryFeatures, found: frozenset[str]) -> float:
    return math.fsum(story.weight[w] for w in found)


def _has(found: frozenset[str], prefix: str) -> bool:
    return any(key.startswith(prefix) for key in found)


def pair_features(story: StoryFeatures, claims: Sequence[Claim], a: int, b: int, cosine: float = 0.0) -> list[float]:
    """The pair's features, in FEATURES order."""
    shared = story.contents[a] & story.contents[b]
    union = story.contents[a] | story.contents[b]
    shorter = min(len(story.contents[a]), len(story.contents[b]))
    event_a, event_b = story.events[a], story.events[b]
    same_event = event_a is not None and event_a == event_b
    negated = negated_event(claims[a]) == negated_event(claims[b])
    fig_a, fig_b = story.figures[a], story.figures[b]
    dates = {d for d in story.details[a] & story.details[b] if d.startswith("d:")}
    by_a, by_b = claims[a].by, claims[b].by
    lengths = sorted((story.lengths[a], story.lengths[b]))
    union_weight = _weight(story, union)
    lighter = min(story.content_weights[a], story.content_weights[b])
    shared_sum = _weight(story, shared)
    return [
        min(shared_sum / story.rare_weight, 4.0),
        min(len(shared), 6) / 6,
        len(shared) / shorter if shorter else 0.0,
        len(shared) / len(union) if union else 0.0,
        shared_sum / union_weight if union_weight else 0.0,
        shared_sum / lighter if lighter else 0.0,
        min(len(story.telling[a] & story.telling[b]), 3) / 3,
        float(bool(story.participants[a] & story.participants[b])),
        float(same_event and negated),
        float(same_event and not negated),
        float(event_a is not None and event_b is not None and event_a != event_b),
        float(bool(dates)),
        float(not dates and _has(story.details[a], "d:") and _has(story.details[b], "d:")),
        float(bool((story.details[a] & story.details[b]) - dates)),
        float(
            not (story.details[a] & story.details[b]) - dates and _has(story.details[a], "q:") and _has(story.details[b], "q:")
        ),
        float(bool(fig_a.units & fig_b.units)),
        float(bool(fig_a.units & fig_b.units) and shared_weight(story, shared - fig_a.words - fig_b.words) >= 1),
        float(bool(by_a) and by_a == by_b),
        float(bool(by_a) and bool(by_b) and by_a != by_b),
        lengths[0] / lengths[1] if lengths[1] else 0.0,
        cosine,
    ]


def may_join(story: StoryFeatures, a: int, b: int) -> bool:
    """What the score may not overrule: two different classes of event are two
    statements, and a pair must share a word beyond its figures' ("nautical miles") or a
    telling participant: in a short story every shared word weighs a lot."""
    event_a, event_b = story.events[a], story.events[b]
    if event_a is not None and event_b is not None and event_a != event_b:
        return False
    figure_words = story.figures[a].words | story.figures[b].words
    return bool((story.contents[a] & story.contents[b]) - figure_words or story.telling[a] & story.telling[b])


@dataclass(frozen=True)
class Model:
    """A fitted logistic regression and the chance above which a pair joins."""

    coefficients: tuple[float, ...]
    intercept: float
    threshold: float

    def score(self, features: Sequence[float]) -> float:
        z = self.intercept + math.fsum(c * x for c, x in zip(self.coefficients, features, strict=True))
        return 1 / (1 + math.exp(-z))


@cache
def load_model(semantic: bool) -> Model:
    """The coefficients fitted for one mode (with sentence embeddings, or by words)."""
    raw = json.loads(resources.files("corroborate.align").joinpath("data/claim_score.json").read_text("utf-8"))
    fitted = raw["embeddings" if semantic else "words"]
    if tuple(fitted["features"]) != FEATURES:
        raise ValueError("data/claim_score.json was fitted on other features: refit it (benchmarks/claim_score_fit.py)")
    return Model(tuple(fitted["coefficients"]), fitted["intercept"], fitted["threshold"])
