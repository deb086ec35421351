"""Claim groups: the same claim as each outlet states it, quantities side by side.

Candidate pairs share a content word that is neither a name nor a role (an
inverted index blocks the rest: the work grows with the claims, not their pairs).
A pair states one claim when

- it carries the same utterance (its quotations are in one quote group);
- it shares enough content words (with embeddings, only when its sentences are not
  far apart in meaning: a story's topic words are shared by different events);
- its sentence embeddings agree and it shares a word beyond names and roles: a
  close paraphrase, or a looser one whose shared words are rare in the story
  (the details that tell one event of a story from the others);
- it gives figures in the same unit for the same thing ("the repairs take at least
  six months" / "closed for three to four months while the state repairs");
- it gives one figure the story rarely mentions, the value within rounding and in one
  unit ("$1.375 billion" / "$1.4 billion"; with embeddings, when the sentences are
  not far apart in meaning);
- it names one occasion of speech (`claim.attribution`: "said at a rally here" /
  "told about 600 supporters at the fairgrounds"): the class of occasion and who
  spoke alike, in two articles;
- it states one event: the same predicate (lemma of the main verb, negated or not
  alike: "resigned from Congress" / "is resigning from Congress, he announced"), a
  participant in common (the speaker, a name or a resolved entity, not everywhere in
  the story; or one speaker giving one exact figure in both, however often the story
  repeats it) and one more detail in common: a date, a figure, a rare word, a second
  participant, or (with embeddings) a sentence close in meaning.

Without embeddings, a pair no rule joins joins when a fitted score over what the two
have in common (`corroborate.align.claim_features`: shared words and their weight,
participants, event, dates, figures, speaker) finds it likely the same claim, and
neither states another class of event.

Pairs join average-link style, strongest first, so one loose link never chains
two statements together; a pair of claims of one article weighs half against a join
when one is in the headline or standfirst (which restate the lede), and whole otherwise.
A claim that states a second group's claim as well joins it afterwards. Then the claims of each two articles
are aligned one to one, as outlets telling one story state most claims once each: a
pair that is each other's best match between its two articles by the fitted score
(with the cosine, in the embeddings mode) and passes a looser bar, or by the rules'
strength among the pairs a rule joined, joins the groups of its two claims, when they
share no article. A claim left alone then joins the group of other articles lacking
its own that it likely states too, on average over the group's claims
(`claim_memberships.attach_lone`). A claim found in one article only
becomes a group when it carries a quantity or a date: the checkable facts a reader
wants listed even when nobody else has them (or when a named party disputes it, which
the assessment finds: `ClaimClusters.lone`). What each group's sources are and what
status it has is judged afterwards (`corroborate.assess.claim_status`)."""

from __future__ import annotations

import bisect
import itertools
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np

from corroborate.align.blocking import average_link, blocked_pairs
from corroborate.align.claim_denials import denied_claims
from corroborate.align.claim_features import (
    MAX_PARTICIPANT_SHARE,
    MAX_POSTINGS,
    Figures,
    StoryFeatures,
    candidate_pairs,
    date_words,
    dated_apart,
    load_model,
    may_join,
    negated_event,
    pair_features,
    same_subject,
    story_features,
    two_people_acting,
)
from corroborate.align.claim_memberships import (
    add_second_memberships,
    attach_lone,
    complete_groups,
    figure_groups,
    lede_groups,
    ledes_of,
    lone_cliques,
    lone_pairs,
)
from corroborate.align.embeddings import embed
from corroborate.align.figure_pairs import dated_act_pairs, figure_links, figure_pairs, near_figure_pairs, without_bases
from corroborate.align.frame_pairs import frame_pairs
from corroborate.align.occasion_pairs import occasion_pairs
from corroborate.model import Article, Claim, Entity, Quote, QuoteGroup
from corroborate.nlp.dates import days_meet, days_of
from corroborate.nlp.events import is_known_class
from corroborate.nlp.names import capitalised_names

# What `_mutual_best` ranks pairs by: a score, or a score and a tie-breaker.
_Rank = TypeVar("_Rank", float, tuple[float, float])
_MIN_SHARED = 3
_MIN_RATIO = 0.4
# MiniLM cosine for "the same claim in other words": above unrelated news sentences,
# within the range of paraphrases of one statement (benchmarks/README.md).
_MIN_COSINE = 0.55
# A close paraphrase must share words weighing (log inverse claim frequency in the
# story) at least this: one word found in at most 1 claim in 20.
_MIN_SHARED_WEIGHT = math.log(20)
# Or shared words that weigh as much as _RARE_SHARED words found in only RARE_DF
# claims each, with a loose semantic agreement.
_RARE_SHARED = 2.3
_MIN_RARE_COSINE = 0.3
_RARE_BONUS = 0.1
# About the median cosine (0.57) of the pairs the rare-words rule accepts (first 200 ECB+ dev articles).
_TYPICAL_RARE_COSINE = 0.55
# A pair is embedded only when its shared words weigh as much as this many telling
# words: the embeddings cost more than the parse, and one shared word rarely makes
# the same claim (measured: the Aurora and example groups need two or more).
_EMBED_SHARED = 2
_EVENT_STRENGTH = 0.9
# With embeddings, an event pair whose other detail is only its meaning needs this cosine.
_EVENT_COSINE = 0.5
# With embeddings, a pair joined by its shared words alone needs at least this cosine:
# the median of two different claims of one story is 0.30 (the 12 stories' gold
# claims), and a story's topic words ("taxpayer money to settle") are shared by
# statements of different events.
_LEXICAL_COSINE = 0.35
# Two claims of one article count this much against joining their groups: an article
# rarely says one thing twice in its body, but its headline and standfirst restate the
# lede (_RESTATING_WEIGHT). A body sentence stating a second group's claim too joins
# that group afterwards (`add_second_memberships`), not through average-link.
_SAME_ARTICLE_WEIGHT = 1.0
_RESTATING_WEIGHT = 0.5
_RESTATING_ZONES = frozenset({"headline", "standfirst"})
# A pair that is each other's best match between two articles joins at this chance
# of the fitted score (by mode), below the score's own threshold for a lone pair
# (0.55 with embeddings, 0.4 by words): on the stories, 0.3 to 0.45 with embeddings
# and 0.2 to 0.25 by words join the same claims, lower bars join wrong pairs; the top
# of each range joins fewer wrong pairs in running stories and in ECB+'s topics
# (the labelled pairs, benchmarks/README.md), and 0.45 loses a held-out ECB+ pair.
_ALIGNED_CHANCE = {True: 0.4, False: 0.25}
# The fitted chance at which a claim left alone joins its one firmly linked partner in
# another article as a group of two (`lone_pairs`): with embeddings 0.9 (0.8 joined a
# wrong pair in boehner-odds), by words 0.97 (0.9 did too; benchmarks/README.md).
_LONE_PAIR_CHANCE = {True: 0.9, False: 0.97}
# The fitted chances at which a claim left alone joins a group of other articles that
# lacks its article (`attach_lone`): the mean over the group's claims and the best one
# (benchmarks/README.md: measured on the stories of our own, checked on the corpus).
_ATTACH_CHANCE = {True: (0.2, 0.33), False: (0.2, 0.33)}
# The mean fitted chance at which a group takes the claim of an article it lacks as a
# second membership (`complete_groups`; benchmarks/README.md: measured on the stories of our own).
_COMPLETE_CHANCE = 0.25
# With embeddings, a pair this close in meaning counts as linked when the alignment
# asks that half the pairs across two groups be: the labelled ECB+ pairs held out
# keep their recall, where the alignment's pairs alone lost one (benchmarks/README.md).
_CLOSE_COSINE = 0.5
# A figure (value and unit) mentioned at most this often in a story tells its claims
# from the others: one mention per outlet and one repeat.
_MAX_FIGURE_MENTIONS = 4
_MIN_DATED_ARTICLES = 3
# By words, near figures join when they share words this many rare words weigh.
_NEAR_SHARED = 0.5


def _participants(claim: Claim) -> frozenset[str]:
    """Who takes part: the claim's speaker (entity id), the names it mentions (last
    word: "Blake Farenthold" and "Mr. Farenthold" are one) and the entities it names."""
    found = {f"e:{claim.by}"} if claim.by else set()
    found.update(f"n:{name}" for name in capitalised_names(claim.text) if len(name) > 2)
    # The story's entities its actors name, resolved ("he", "the congressman"): one
    # id across the articles, however each outlet names them.
    found.update(f"e:{entity}" for entity in claim.entities)
    return frozenset(found)


def _event_keys(claims: Sequence[Claim], story: StoryFeatures) -> tuple[list[set[str]], list[bool]]:
    """Each claim's class of event (`story.events`) with its negation ("leave:True"),
    none for no event; and whether few claims of the story state it (at most
    _MAX_FIGURE_MENTIONS, as for a telling figure)."""
    keys = [{f"{event}:{negated_event(c)}"} if (event := story.events[i]) else set() for i, c in enumerate(claims)]
    stating = Counter(k for found in keys for k in found)
    return keys, [bool(found) and all(stating[k] <= _MAX_FIGURE_MENTIONS for k in found) for found in keys]


def _restated_events(claims: Sequence[Claim], story: StoryFeatures) -> set[tuple[int, int]]:
    """Pairs of one article stating one event few claims of the story state, of one
    subject: the article says it again ("he promised to repay the
    settlement" / "made a commitment that he would reimburse taxpayers"), neither
    giving a date or figure the other lacks (then it tells another act of that kind)."""
    details = story.details
    keys, rare_event = _event_keys(claims, story)
    return {
        (a, b)
        for a, b in blocked_pairs(enumerate(keys), MAX_POSTINGS)
        if claims[a].article == claims[b].article
        and (claims[a].end <= claims[b].start or claims[b].end <= claims[a].start)
        and is_known_class(story.events[a])
        and rare_event[a]
        and same_subject(claims[a], claims[b])
        and (details[a] <= details[b] or details[b] <= details[a])
    }


def _event_pairs(claims: Sequence[Claim], story: StoryFeatures) -> dict[tuple[int, int], str]:
    """Cross-article pairs stating one event (the same class of event, `Claim.event`, and negation, a
    participant in common that is not everywhere), with what else they share: "detail"
    (a date, a figure, a rare word, a second participant) or "" (only the event: the
    embeddings must agree). Blocked on the class of event. Pairs sharing one dated act
    in any clause (`frame_pairs`) have the detail too."""
    participants = [_participants(c) for c in claims]
    frequency = Counter(p for found in participants for p in found)
    limit = max(3, MAX_PARTICIPANT_SHARE * len(claims))
    telling = [frozenset(p for p in found if frequency[p] <= limit) for found in participants]
    keys, rare_event = _event_keys(claims, story)
    # Each claim's days and weeks, read once (a day inside another's week is a detail in common).
    days = [[span for date in c.dates if (span := days_of(date.value)) is not None] for c in claims]
    found = {}
    for a, b in blocked_pairs(enumerate(keys), MAX_POSTINGS):
        if claims[a].article == claims[b].article:
            continue
        # A participant found everywhere in the story tells nothing, but for an event
        # few claims state ("repay") one subject does: "the Angels withdrew their
        # offer" / "[the general manager] leaving the meetings" share a participant,
        # not whose act it is.
        if not (
            telling[a] & telling[b]
            or (rare_event[a] and same_subject(claims[a], claims[b]))
            or _one_speaker_figure(claims, story, a, b)
        ):
            continue
        rare = math.fsum(story.weight[w] for w in story.contents[a] & story.contents[b]) >= story.rare_weight
        more = (
            bool(story.details[a] & story.details[b])
            or rare
            or len(participants[a] & participants[b]) >= 2
            or days_meet(days[a], days[b])
        )
        found[(a, b)] = "detail" if more else ""
    # One act dated alike in any clause of the two (`frame_pairs`): the act, a role's noun
    # and the day are the detail.
    for pair in frame_pairs(claims, MAX_POSTINGS):
        found.setdefault(pair, "detail")
    return found


def _one_speaker_figure(claims: Sequence[Claim], story: StoryFeatures, a: int, b: int) -> bool:
    """Whether one speaker gives one figure in both (exact value and unit): "Boehner said
    Republicans had a one-in-three chance of losing" / "there's a one-in-three chance
    we could lose". However often a story repeats the figure, its speaker stating it
    of one event is one statement."""
    speaker = claims[a].by
    return (
        speaker is not None and speaker == claims[b].by and any(d.startswith("q:") for d in story.details[a] & story.details[b])
    )


def _cosines(
    claims: Sequence[Claim], pairs: set[tuple[int, int]], vectors: dict[int, np.ndarray] | None = None
) -> dict[tuple[int, int], float]:
    """Sentence cosines of the pairs; `vectors` keeps the claims embedded so far (each
    claim is embedded once per story)."""
    vectors = {} if vectors is None else vectors
    missing = sorted({i for pair in pairs for i in pair} - vectors.keys())
    if missing:
        vectors.update(zip(missing, embed([claims[i].text for i in missing]), strict=True))
    return {(a, b): float(vectors[a] @ vectors[b]) for a, b in pairs}


def _aligned_pairs(
    claims: Sequence[Claim],
    story: StoryFeatures,
    strength: dict[tuple[int, int], float],
    cosine: dict[tuple[int, int], float] | None,
    *,
    candidates: set[tuple[int, int]] | None = None,
    chances: dict[tuple[int, int], float] | None = None,
) -> dict[tuple[int, int], float]:
    """Cross-article pairs that are each other's best match between their two articles
    (by the fitted score, `claim_features`) and likely enough the same claim: outlets
    telling one story state most claims once each, so the one-to-one alignment of
    their claims (as in comparable-corpus sentence alignment) finds paraphrases whose
    score alone is too low to trust. What the score may not overrule (`may_join`: two
    classes of event, nothing shared beyond figures' words) holds here too: in a short
    story any two claims are each other's best match. A pair some rule joined
    scores 1, so a claim already matched has no other best match. `candidates` and
    `chances` (by words: the fitted chances `_scored_pairs` computed) spare their
    computing again."""
    semantic = cosine is not None
    known = chances if chances is not None and not semantic else {}
    scores = {}
    for a, b in candidate_pairs(story) if candidates is None else candidates:
        if claims[a].article == claims[b].article or not may_join(story, a, b):
            continue
        if (a, b) in strength:
            scores[a, b] = 1.0
            continue
        chance = known.get((a, b))
        scores[a, b] = _fitted_chance(story, claims, a, b, cosine) if chance is None else chance
    mutual = _mutual_best(claims, scores, scores.get, ties_void=False)
    return {
        (a, b): score
        for (a, b), score in scores.items()
        if (a, b) not in strength and score >= _ALIGNED_CHANCE[semantic] and (a, b) in mutual
    }


def _fitted_chance(
    story: StoryFeatures, claims: Sequence[Claim], a: int, b: int, cosine: dict[tuple[int, int], float] | None
) -> float:
    """The fitted chance that claims a and b state one claim: with the sentence cosine
    when `cosine` is given (the embeddings mode), by words when it is None."""
    model = load_model(cosine is not None)
    return model.score(pair_features(story, claims, a, b, cosine.get((a, b), 0.0) if cosine is not None else 0.0))


def _mutual_best(
    claims: Sequence[Claim],
    pairs: Collection[tuple[int, int]],
    rank: Callable[[tuple[int, int]], _Rank | None],
    *,
    ties_void: bool,
) -> set[tuple[int, int]]:
    """The pairs (of those `rank` ranks, not None) whose claims are each other's best
    ranked partner in the other's article. A tie at the top goes to the claim read
    first, or to none (`ties_void`)."""
    best: dict[tuple[int, str], tuple[_Rank, int]] = {}  # (claim, article) -> rank, partner
    tied: set[tuple[int, str]] = set()
    for a, b in pairs:
        found = rank((a, b))
        if found is None:
            continue
        for x, y in ((a, b), (b, a)):
            key = (x, claims[y].article)
            current = best.get(key)
            if current is None or found > current[0] or (found == current[0] and not ties_void and y < current[1]):
                best[key] = (found, y)
                tied.discard(key)
            elif found == current[0] and ties_void:
                tied.add(key)
    mutual = set()
    for a, b in pairs:
        ka, kb = (a, claims[b].article), (b, claims[a].article)
        if ka in best and kb in best and best[ka][1] == b and best[kb][1] == a and ka not in tied and kb not in tied:
            mutual.add((a, b))
    return mutual


def _mutual_rule_pairs(
    claims: Sequence[Claim],
    strength: dict[tuple[int, int], float],
    closeness: dict[tuple[int, int], float],
    utterance: Collection[tuple[int, int]] = (),
) -> dict[tuple[int, int], float]:
    """Cross-article pairs some rule joined that are each other's strongest such pair
    between their two articles, at their strength: ties are broken by `closeness` (the
    sentence cosine; by words, the fitted chance where `_scored_pairs` computed one),
    and a tie left is no best match. Average-link refuses a third outlet's version that
    matches one member of a two-outlet group and not the other (its words are the first
    outlet's, the second outlet's are its own); as each other's best match it joins
    that group in the alignment (`_join_aligned`, where the fitted score must also find
    the pair as likely as an aligned one), which never gives a group a second claim of
    an article. Pairs carrying one utterance (`utterance`) are left out: their quote
    group links them already, and a quotation repeated across many articles makes
    many such pairs."""

    def rank(pair: tuple[int, int]) -> tuple[float, float] | None:
        if claims[pair[0]].article == claims[pair[1]].article or pair in utterance:
            return None
        return strength[pair], closeness.get(pair, 0.0)

    return {pair: strength[pair] for pair in _mutual_best(claims, strength, rank, ties_void=True)}


def _semantic_strength(cosine: float, shared_weight: float, rare_weight: float) -> float | None:
    """How strongly a pair says the same thing by meaning, or None when it does not:
    sentence embeddings agree and the pair shares words beyond names and roles (names
    alone make unrelated sentences look alike). Either a close paraphrase (cosine >=
    _MIN_COSINE) sharing a word that is not everywhere in the story, or a looser one
    whose shared words are rare in the story ("rifle", "handguns"): the details that
    tell one event from the others of a story all about one topic. Rare shared words
    also make a pair stronger, so it joins before a merely similar one."""
    rare = shared_weight / rare_weight
    if cosine >= _MIN_COSINE and shared_weight >= min(_MIN_SHARED_WEIGHT, rare_weight):
        return cosine + _RARE_BONUS * rare
    if cosine >= _MIN_RARE_COSINE and rare >= _RARE_SHARED:
        return cosine + _RARE_BONUS * rare
    return None


def _lexical_strength(shared: frozenset[str], weight: dict[str, float], rare_weight: float) -> float | None:
    """Without sentence embeddings (`--claims-by-words`): the loose-paraphrase rule on
    its words alone. Shared words as telling as _RARE_SHARED words found in only
    RARE_DF claims each are nearly always accepted by the embeddings (benchmarks/README.md).
    Without the embeddings' veto,
    _MIN_SHARED words are needed too: in a short story any two words are rare ("13
    nautical miles from the tanker" / "150 nautical miles off the cape"). Scored as a
    typical cosine of those pairs, so they join in about the order they would with
    embeddings."""
    rare = math.fsum(weight[w] for w in shared) / rare_weight
    if len(shared) >= _MIN_SHARED and rare >= _RARE_SHARED:
        return _TYPICAL_RARE_COSINE + _RARE_BONUS * rare
    return None


def _worth_embedding(
    shared: frozenset[str], figures: tuple[Figures, Figures], weight: dict[str, float], rare_weight: float
) -> bool:
    """Whether any semantic rule could accept the pair, judged by its shared words
    alone (the rules all ask for telling shared words besides the cosine)."""
    if math.fsum(weight[w] for w in shared) >= _EMBED_SHARED * min(_MIN_SHARED_WEIGHT, rare_weight):
        return True
    return _one_measure(shared, figures, weight, rare_weight)


def _one_measure(shared: frozenset[str], figures: tuple[Figures, Figures], weight: dict[str, float], rare_weight: float) -> bool:
    """Two claims giving a figure in the same unit for the same thing ("the repairs
    take at least six months" / "closed for three to four months while the state
    repairs"): they share the unit and, besides the figures' own words ("three",
    "nautical miles"), words as telling as one word found in only RARE_DF claims of
    the story (half that, counting the figures' words, joined "13 nautical miles away"
    and "150 nautical miles off Aden"; benchmarks/README.md)."""
    a, b = figures
    return bool(a.units & b.units) and math.fsum(weight[w] for w in shared - a.words - b.words) >= rare_weight


def _whole_and_part(a: Claim, b: Claim, figures: tuple[Figures, Figures]) -> bool:
    """Whether one claim gives a running total and the other another figure in its
    units (the same figure is one total, told with or without the word "total")."""
    first, second = figures
    if first.total == second.total or not first.units & second.units:
        return False
    values = [{q.max if q.min is None else q.min for q in c.quantities} - {None} for c in (a, b)]
    return not values[0] & values[1]


def _same_claim(a: frozenset[str], b: frozenset[str]) -> bool:
    shared = len(a & b)
    return shared >= _MIN_SHARED and shared >= _MIN_RATIO * min(len(a), len(b))


def _same_utterance_pairs(
    claims: Sequence[Claim], quotes: Sequence[Quote], quote_groups: Sequence[QuoteGroup]
) -> set[tuple[int, int]]:
    """Claims carrying the same utterance (one quote group) state one claim, across
    articles or within one (a headline's fragment and the full quote). A claim carries
    a group's utterance when it overlaps the part of a quote that belongs to the group
    (`members`): a long quote may be in several groups, one per statement, and each
    of its sentences is a claim of its own."""
    parts: dict[str, list[tuple[int, int, str]]] = defaultdict(list)  # article -> (start, end, group)
    article_of = {quote.id: quote.article for quote in quotes}
    for group in quote_groups:
        for member in group.members:
            if member.quote in article_of:
                parts[article_of[member.quote]].append((member.start, member.end, group.id))
    holders = _utterance_holders(claims, parts)
    return {pair for indices in holders.values() for pair in itertools.combinations(sorted(indices), 2)}


def _utterance_holders(claims: Sequence[Claim], parts: dict[str, list[tuple[int, int, str]]]) -> dict[str, set[int]]:
    """Group id -> the claims overlapping one of its parts, found by bisection, and at
    most MAX_POSTINGS claims of one article per group (the first in reading order):
    one article repeating a quotation thousands of times must not make millions of
    pairs, as a word held by too many claims makes none across articles."""
    holders: dict[str, set[int]] = defaultdict(set)
    held: Counter[tuple[str, str]] = Counter()  # (group, article) -> claims kept
    index_of = {}
    for article, found in parts.items():
        found = sorted(found)
        index_of[article] = (found, [p[0] for p in found], max(end - start for start, end, _ in found))
    for index, claim in enumerate(claims):
        if claim.article not in index_of:
            continue
        found, starts, longest = index_of[claim.article]
        low, high = bisect.bisect_left(starts, claim.start - longest), bisect.bisect_left(starts, claim.end)
        for start, end, group_id in found[low:high]:
            kept = held[group_id, claim.article] < MAX_POSTINGS
            if kept and start < claim.end and claim.start < end and index not in holders[group_id]:
                held[group_id, claim.article] += 1
                holders[group_id].add(index)
    return holders


@dataclass(frozen=True)
class ClaimClusters:
    """Which claims state one claim: `groups` of claim indices (each sorted, the groups
    in reading order of their first claim; a claim stating two claims is in two), with what the assessment of each group
    reads from the grouping: the sentence cosines measured (pairs of indices) and the
    claims a denial carries (index -> entity id of the denying speaker). `lone` are the
    claims of one article left out of `groups` (stated by no other article, with no
    figure or date): the assessment lists those a named party disputes."""

    groups: list[list[int]]
    cosine: dict[tuple[int, int], float]
    denials: dict[int, str]
    lone: list[list[int]] = field(default_factory=list)


def group_claims(
    claims: Sequence[Claim],
    quotes: Sequence[Quote] = (),
    quote_groups: Sequence[QuoteGroup] = (),
    semantic: bool = True,
    articles: Sequence[Article] = (),
    entities: Sequence[Entity] = (),
) -> ClaimClusters:
    """Group the story's claims (speakers linked) into claims stated once or more;
    `articles` (the story's) tell which claims are in a headline or standfirst, and
    `entities` (the story's) which subjects are people."""
    story = story_features(claims)
    contents = story.contents
    candidates = blocked_pairs(enumerate(contents), MAX_POSTINGS)
    # A date's words ("last year") are no words of what is stated: compared as dates.
    undated = [contents[i] - date_words(c) for i, c in enumerate(claims)]
    # By words nothing else checks such a pair: two classes of event the lexicon knows
    # ("opposes same-sex marriage and civil unions" / "has embraced same-sex marriage")
    # are two statements of one topic. (With embeddings the sentence cosine checks it,
    # and a shooting and a killing may tell one event.)
    lexical = {
        (a, b) for a, b in candidates if _same_claim(undated[a], undated[b]) and (semantic or not _two_known_events(story, a, b))
    }
    utterance = _same_utterance_pairs(claims, quotes, quote_groups)
    strength = {pair: 1.0 for pair in lexical | utterance}
    strength.update(occasion_pairs(claims, contents))
    denials = denied_claims(claims, quotes, {a.id: a.text for a in articles})
    cosine: dict[tuple[int, int], float] = {}
    vectors: dict[int, np.ndarray] = {}
    weight, rare_weight = story.weight, story.rare_weight  # rare: a word found in RARE_DF claims
    stated = story.figures
    # Pairs words leave undecided that a rule could still accept (with their shared
    # words). Only they (and the pairs around a denial) reach the sentence embeddings:
    # most of a story's pairs never do.
    undecided: dict[tuple[int, int], frozenset[str]] = {}
    for pair in sorted(candidates - lexical - utterance):
        if claims[pair[0]].article != claims[pair[1]].article:
            shared = contents[pair[0]] & contents[pair[1]]
            if _worth_embedding(shared, (stated[pair[0]], stated[pair[1]]), weight, rare_weight):
                undecided[pair] = shared
    events = {pair: kind for pair, kind in _event_pairs(claims, story).items() if pair not in strength}
    if semantic:
        disputing = {pair for pair in candidates if pair[0] in denials or pair[1] in denials}
        cosine = _cosines(claims, set(undecided) | disputing | set(events), vectors)
    # Pairs joined by a loose rule: rare shared words with a loose agreement in meaning
    # (by words, rare shared words alone), or the fitted score. Only firm links add a
    # claim to a second group.
    loose_links: set[tuple[int, int]] = set()
    for pair, shared in undecided.items():
        if semantic:
            score = _semantic_strength(cosine[pair], math.fsum(weight[w] for w in shared), rare_weight)
            loose_rule = cosine[pair] < _MIN_COSINE
        else:
            score = _lexical_strength(shared, weight, rare_weight)
            loose_rule = True
        if score is not None and loose_rule:
            loose_links.add(pair)
        # Two figures for one thing join first, so a conflict is seen; with embeddings,
        # only when the sentences are not far apart in meaning.
        if (
            score is None
            and cosine.get(pair, _MIN_RARE_COSINE) >= _MIN_RARE_COSINE
            and _one_measure(shared, (stated[pair[0]], stated[pair[1]]), weight, rare_weight)
        ):
            score = 2.0
        if score is not None:
            strength[pair] = score
    if semantic:
        # Shared words a story is full of ("taxpayer money to settle") make no claim
        # when the sentences mean different things.
        loose = {pair for pair in lexical - utterance if claims[pair[0]].article != claims[pair[1]].article}
        cosine.update(_cosines(claims, loose - set(cosine), vectors))
        for pair in loose:
            if cosine[pair] < _LEXICAL_COSINE:
                del strength[pair]
    # Pairs one event links (its class, a participant, with embeddings a cosine): the
    # alignment trusts them without the fitted score, which reads no event.
    event_links: set[tuple[int, int]] = set()
    for pair, kind in events.items():
        if pair in strength:
            continue
        if (cosine[pair] >= (_MIN_RARE_COSINE if kind else _EVENT_COSINE)) if semantic else bool(kind):
            strength[pair] = _EVENT_STRENGTH
            event_links.add(pair)
    # One rare figure in one unit: with embeddings, when the sentences are not far apart.
    parts = without_bases(claims)
    exact = figure_pairs(parts, MAX_POSTINGS, _MAX_FIGURE_MENTIONS) - set(strength)
    if semantic:
        cosine.update(_cosines(claims, exact - set(cosine), vectors))
    for pair in exact:
        if not semantic or cosine[pair] >= _MIN_RARE_COSINE:
            strength[pair] = _EVENT_STRENGTH
            event_links.add(pair)
    # One count as each outlet rounds it ("more than 600 workers" / "640 employees"):
    # with embeddings when the sentences agree in meaning, by words when they share a
    # telling word besides the figures'.
    near = near_figure_pairs(parts, _MAX_FIGURE_MENTIONS) - set(strength)
    if semantic:
        cosine.update(_cosines(claims, near - set(cosine), vectors))
    for pair in near:
        a, b = pair
        if (
            cosine[pair] >= _EVENT_COSINE
            if semantic
            else math.fsum(story.weight[w] for w in contents[a] & contents[b] - stated[a].words - stated[b].words)
            >= _NEAR_SHARED * story.rare_weight
        ):
            strength[pair] = _EVENT_STRENGTH
            event_links.add(pair)
    # By words, nothing tells a restatement from another act of one kind by the same
    # people ("was sued ..., alleging" / "she sued him and was paid"): with embeddings only.
    restated = _restated_events(claims, story) - set(strength) if semantic else set()
    cosine.update(_cosines(claims, restated - set(cosine), vectors))
    restated = {pair for pair in restated if cosine[pair] >= _EVENT_COSINE}
    for pair in restated:
        strength[pair] = _EVENT_STRENGTH

    # A running total and one occasion's figure in its units ("a total of 14 rifles so
    # far" / "six rifles were seized") state a whole and its part: two claims, however
    # many words they share.
    def whole_and_part(pair: tuple[int, int]) -> bool:
        return _whole_and_part(claims[pair[0]], claims[pair[1]], (stated[pair[0]], stated[pair[1]]))

    # One class of event done by two different people, or on days that cannot be one,
    # is two acts ("Inslee imposed a ban" / "Murray announced a ban"), whatever words
    # they share; unless one utterance.
    people = {name.casefold() for e in entities if e.kind == "person" for name in (e.name, *e.aliases)}

    def two_acts(pair: tuple[int, int]) -> bool:
        event = story.events[pair[0]]
        if event is None or event != story.events[pair[1]] or pair in utterance:
            return False  # (both rules below ask for one class of event: `story.events`, read once)
        a, b = claims[pair[0]], claims[pair[1]]
        return two_people_acting(a, b, people) or (a.article != b.article and dated_apart(a, b))

    for pair in [pair for pair in strength if whole_and_part(pair) or two_acts(pair)]:
        del strength[pair]
    event_links &= strength.keys()
    story_candidates = {pair for pair in candidate_pairs(story) if not whole_and_part(pair) and not two_acts(pair)}
    chances: dict[tuple[int, int], float] = {}
    if not semantic:
        scored = _scored_pairs(claims, story, story_candidates, strength, chances)
        strength.update(scored)
        loose_links.update(scored)
    if semantic:
        # Every candidate pair across articles is scored for the alignment (each claim embedded once).
        story_pairs = {p for p in story_candidates if claims[p[0]].article != claims[p[1]].article}
        cosine.update(_cosines(claims, story_pairs - set(cosine), vectors))
    aligned = _aligned_pairs(claims, story, strength, cosine if semantic else None, candidates=story_candidates, chances=chances)
    # (the pairs across articles a claim left alone may join a group by: `attach_lone`)
    compared = story_pairs if semantic else {p for p in story_candidates if claims[p[0]].article != claims[p[1]].article}
    del story_candidates  # large on a large story; not needed again
    mutual = _mutual_rule_pairs(claims, strength, cosine if semantic else chances, utterance)
    # Carrying one utterance (one quote group) is one more kind of match. All join
    # average-link style, the strongest pairs first, so a loose link never chains two
    # statements together.
    ordered = sorted(strength, key=lambda pair: (-strength[pair], pair))
    # The word and event rules never compare two claims of one article, so such a pair
    # is never matched: a headline's pair with its lede counts half, for the headline
    # must not keep one event's versions apart. Two claims of an article's body count
    # whole: one statement joining another through a common quotation or topic must not
    # carry its article's other statements with it.
    of_article = [c.article for c in claims]
    restating = _restating(claims, articles)
    groups_of_claims = average_link(
        len(claims),
        ordered,
        kinds=of_article,
        same_kind_weight=_SAME_ARTICLE_WEIGHT,
        restating=restating,
        restating_weight=_RESTATING_WEIGHT,
        linked_within=frozenset(restated | {pair for pair in utterance if of_article[pair[0]] == of_article[pair[1]]}),
    )

    def chance(a: int, b: int) -> float:
        """The fitted chance of a pair (smaller index first), computed once: the
        memberships below ask for the same pairs again."""
        found = chances.get((a, b))
        if found is None:
            found = chances[a, b] = _fitted_chance(story, claims, a, b, cosine if semantic else None)
        return found

    def likely(a: int, b: int) -> bool:
        if (min(a, b), max(a, b)) in event_links:
            return True
        return chance(min(a, b), max(a, b)) >= _ALIGNED_CHANCE[semantic]

    groups_of_claims = _join_aligned(groups_of_claims, mutual, of_article, linked=strength, likely=likely)
    # Half the pairs across two groups must be linked here too, the alignment's own pairs
    # and (with embeddings) pairs close in meaning counting: a vague sentence that is
    # several outlets' best match ("I think we'll do that") joins one of their groups,
    # not all of them through itself.
    close = {pair: value for pair, value in cosine.items() if value >= _CLOSE_COSINE} if semantic else {}
    groups_of_claims = _join_aligned(groups_of_claims, aligned, of_article, linked=strength | aligned | close)
    firm = {pair: value for pair, value in strength.items() if pair not in loose_links}
    ledes = ledes_of(claims, restating)
    add_second_memberships(groups_of_claims, firm, claims, restating)
    lone_cliques(groups_of_claims, firm, claims, restating)
    lone_pairs(
        groups_of_claims,
        firm,
        claims,
        restating,
        chance,
        _LONE_PAIR_CHANCE[semantic],
    )
    attach_lone(
        groups_of_claims,
        claims,
        restating,
        chance,
        compared,
        *_ATTACH_CHANCE[semantic],
    )
    complete_groups(
        groups_of_claims,
        claims,
        restating,
        chance,
        compared,
        _COMPLETE_CHANCE,
    )
    groups_of_claims.extend(lede_groups(groups_of_claims, strength, claims, story.events, ledes))
    by_figure = {p for p in figure_links(claims, MAX_POSTINGS, _MAX_FIGURE_MENTIONS) if not whole_and_part(p) and not two_acts(p)}
    groups_of_claims.extend(figure_groups(groups_of_claims, by_figure, claims, restating))
    # One dated act all three outlets give ("appointed chief in 2021"): a date is
    # background more often than a figure is, so only when three or more articles give it.
    dated = {pair for pair in dated_act_pairs(claims, _MAX_FIGURE_MENTIONS) if not two_acts(pair)}
    groups_of_claims.extend(figure_groups(groups_of_claims, dated, claims, restating, min_articles=_MIN_DATED_ARTICLES))
    groups, lone = [], []
    for members in groups_of_claims:
        group = sorted(members)
        if len({claims[i].article for i in group}) < 2 and not any(claims[i].quantities or claims[i].dates for i in group):
            lone.append(group)
        else:
            groups.append(group)
    groups.sort(key=lambda g: (claims[g[0]].article, claims[g[0]].start))
    return ClaimClusters(groups, cosine, denials, lone)


def _two_known_events(story: StoryFeatures, a: int, b: int) -> bool:
    """Whether two claims state two different classes of event the lexicon names."""
    first, second = story.events[a], story.events[b]
    return is_known_class(first) and is_known_class(second) and first != second


def _restating(claims: Sequence[Claim], articles: Sequence[Article]) -> list[bool]:
    """Which claims lie in their article's headline or standfirst (which restate the lede)."""
    zones: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for article in articles:
        zones[article.id].extend((z.start, z.end) for z in article.zones if z.kind in _RESTATING_ZONES)
    return [any(start <= c.start < end for start, end in zones.get(c.article, ())) for c in claims]


def _join_aligned(
    groups: list[set[int]],
    aligned: dict[tuple[int, int], float],
    articles: Sequence[str],
    linked: dict[tuple[int, int], float] | None = None,
    likely: Callable[[int, int], bool] | None = None,
) -> list[set[int]]:
    """Join the groups a mutual best match links, strongest first, when they share no
    article: the third outlet's version joins the two others' group through its best
    match in either (average-link would ask it to match both), and a group never
    takes a second statement of an outlet it already has through one loose link. With
    `linked` (the pairs a rule joined, or the alignment's and the close ones), at least
    half the pairs across the two groups must be linked too: one pair never carries a
    claim into a group of many outlets whose other versions it does not match. With `likely`, a pair it rejects
    joins nothing (asked last: it is the costly check)."""
    degree: Counter[int] = Counter(i for pair in linked or () for i in pair)
    where = {i: n for n, members in enumerate(groups) for i in members}
    joined = {n: set(members) for n, members in enumerate(groups)}
    outlets = {n: {articles[i] for i in members} for n, members in enumerate(groups)}
    for a, b in sorted(aligned, key=lambda pair: (-aligned[pair], pair)):
        ga, gb = where[a], where[b]
        if ga == gb or outlets[ga] & outlets[gb]:
            continue
        if linked is not None and not _half_linked(joined[ga], joined[gb], linked, degree):
            continue
        if likely is not None and not likely(a, b):
            continue
        for i in joined[gb]:
            where[i] = ga
        joined[ga] |= joined.pop(gb)
        outlets[ga] |= outlets.pop(gb)
    return list(joined.values())


def _half_linked(a: set[int], b: set[int], linked: dict[tuple[int, int], float], degree: Counter[int]) -> bool:
    """Whether at least half the pairs between two groups are linked. The links of the
    smaller group's claims (their `degree`) bound the count first: a claim has few (its
    pairs are blocked), so a large group is turned down without looking at its pairs."""
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    needed = len(a) * len(b)
    if 2 * sum(degree[x] for x in small) < needed:
        return False
    links = sum((min(x, y), max(x, y)) in linked for x in small for y in large)
    return 2 * links >= needed


def _scored_pairs(
    claims: Sequence[Claim],
    story: StoryFeatures,
    candidates: set[tuple[int, int]],
    strength: dict[tuple[int, int], float],
    chances: dict[tuple[int, int], float],
) -> dict[tuple[int, int], float]:
    """Cross-article pairs no rule joined that the fitted score (`claim_features`) finds
    likely the same claim, at their score: the rules ask for shared words or one event,
    the score weighs those with participants, dates and figures together. Only by words:
    with embeddings the score (cosine included) joined nothing on the stories that the
    rules had not, and embedding every candidate costs time (benchmarks/README.md).
    Every chance computed is kept in `chances`, for the alignment to reuse."""
    threshold = load_model(semantic=False).threshold
    found = {}
    for pair in sorted(candidates):
        if pair in strength or claims[pair[0]].article == claims[pair[1]].article or not may_join(story, *pair):
            continue
        chance = chances[pair] = _fitted_chance(story, claims, *pair, None)
        if chance >= threshold:
            found[pair] = chance
    return found
