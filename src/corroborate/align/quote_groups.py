"""Quote groups: the same utterance across and within outlets, with word-level diffs.

1. Each quotation is cut into sentences, and a quoted sentence into its clauses
   (at ", but", a semicolon, a spaced dash): these segments let a long quotation
   belong to several groups, each naming the part that belongs (`members`). A
   member reads its whole sentence unless another group holds the rest of it.
2. Candidate blocking: segments are indexed by their content-word stems; only
   segments sharing stems are compared, so the work grows with the number of
   quotes, not with all pairs (a stem held by very many segments is skipped).
3. Two segments render one utterance when most of the shorter one's content
   words are in the other, or when their words read alike (fuzzy ratio; a short
   quotation against the stretch of a long one it reads like, which is then the long
   one's member), or when
   a rare word quoted alone ('imagination') is in the other. Names and figure
   words are the story's, not the utterance's: the shared words must hold others
   too, and a short reported rendering's words must lie close together in the
   longer one (benchmarks/quote_pairs.py measures it on labelled PolNeAR pairs); a
   report of two own words needs both, in order, in the same person's quotation.
   Words quoted all over the story ("national emergency") are its topic: quoted
   words must share one rarer word, reported words two, unless word for word.
   A report of someone's words and that person's quotation in another outlet that
   are each other's only candidate there join on fewer (`lone_reports`).
4. Matches are joined into groups average-link style; adjacent sentences of the same quotations
   that land in parallel groups, and differ between the outlets alike, are merged back
   into one member span. Partial quotes
   of a word or two, or of a clause inside a longer quotation, stay out of that and
   join afterwards: a clause joins the one group it reads most like, and clauses of one
   sentence quoted by different outlets give that sentence one group each.
   An outlet that splits one utterance around its cue ("'A,' she said, 'B'") prints
   pieces that continue each other: a piece joins the group its neighbour is in when,
   counting that continuation, most pairs across match; the pieces compare as one
   rendering. Groups holding consecutive clauses of one outlet's sentence join when
   the other outlets' renderings continue each other too.
5. Every pair in a group gets a difference class and the changed words
   (`differences.compare`); the group takes its most severe pair. Whether its
   members' credits drift is an assessment (`corroborate.assess.drift`).
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace

from rapidfuzz import fuzz

from corroborate.align.blocking import average_link
from corroborate.align.differences import Comparison, compare, content_stems, most_severe, word_spans, word_stem, words
from corroborate.align.group_merges import merge_adjacent
from corroborate.align.lone_reports import lone_reports
from corroborate.align.segments import (
    Segment,
    capitalised_stems,
    holds,
    inner_quoted,
    longest_run,
    misquoted,
    narrowest_window,
    quoted_parts,
    reads_inside,
    segments_of,
    span_of,
    verbatim_run,
)
from corroborate.model import GroupMember, Quote, QuoteGroup, QuotePair, Speaker
from corroborate.nlp.quantities import NUMBER_WORDS

_MIN_SHARED_RATIO = 0.6
_MIN_FUZZY = 72
_RARE_WORD_LENGTH = 4  # of the stem: "push" (pushing), "imagin" (imagination)
_RARE_WORD_SEGMENTS = 4  # a word in at most this many segments is rare enough to join on alone
_MAX_POSTINGS = 400  # a stem in more distinct segments than this is too common to block on
_MAX_SAME_ARTICLE_POSTINGS = 40  # ... and in more segments of one article, to pair them with each other
_MAX_PAIRS_PER_GROUP = 200
_FRAGMENT_WORDS = 2  # a partial quote this short is a fragment of a longer rendering
# A word quoted in more places than this (and this share of the story's sentences) is
# the story's topic: a reported rendering must share some word rarer than that.
_TOPIC_PLACES = 6
_TOPIC_SHARE = 0.02
_CLAUSE_WORDS = 6  # content words of a partial quote that renders a clause, not a sentence
_FIGURE_WORDS = frozenset(word_stem(w) for w in NUMBER_WORDS)
_EDGE_PUNCTUATION = re.compile(r"[\s,.;:]+$")
_VERBATIM_WORDS = 4  # words of a rendering that, printed word for word in a longer one, join its group (`_verbatim_members`)
_FRAGMENT_GAP = 40  # characters between two partial quotations rendering one sentence in pieces
_FIRST_PERSON = re.compile(r"I(?:['’]\w+)?\b")
_CUE_GAP = 200  # characters of attribution between two pieces of one quotation split around its cue


def _renders_same(a: Segment, b: Segment, frequency: dict[str, int], common: int = _TOPIC_PLACES) -> bool:
    same_article = a.quote.article == b.quote.article
    if same_article and a.start < b.end and b.start < a.end:
        return False  # nested reports of one sentence are one statement, not two renderings
    shared = a.content & b.content
    smaller = min(len(a.content), len(b.content))
    if smaller == 1:
        # A one-word partial quote ('imagination') joins a quotation holding that rare, long word.
        single = a if len(a.content) == 1 and (a.quote.kind == "partial" or len(b.content) > 1) else b
        word = next(iter(single.content))
        rare = frequency.get(word, 0) <= _RARE_WORD_SEGMENTS and len(word) >= _RARE_WORD_LENGTH
        if len(words(single.text)) > _FRAGMENT_WORDS and not holds((b if single is a else a).text, single.text):
            return False  # "should be dropped" is not "will it be dropped": a phrase is quoted word for word
        return single.quote.kind == "partial" and word in shared and rare
    # Names and figure words ("Tren de Aragua", "several") are the story's, not the
    # utterance's: two different statements share them easily.
    story_words = a.names | b.names | _FIGURE_WORDS
    telling = shared - story_words
    reported = "indirect" in (a.quote.kind, b.quote.kind)
    if reported and _two_voices(a.quote.speaker, b.quote.speaker):
        return False  # two people reporting alike are two claims (the claims stage groups them)
    if reported:
        # Words reported without marks render an utterance in other words: several shared
        # telling words, and a short rendering's words stay together in the longer one.
        # (One article reporting one person's two statements alike is usually two utterances.)
        ratio = 0.75 if same_article and "partial" not in (a.quote.kind, b.quote.kind) else 0.5
        fewest = min(len(a.content - story_words), len(b.content - story_words))
        if len(telling) < 3 and not _whole_short_report(a, b, telling, story_words, frequency, common):
            return False
        if len(telling) < ratio * fewest:
            return False
        if sum(frequency.get(w, 0) <= common for w in telling) < 2 and not (holds(a.text, b.text) or holds(b.text, a.text)):
            return False  # only the story's words in common ("southern border", "national"), not word for word
        short, long = (a, b) if len(a.content) <= len(b.content) else (b, a)
        return 2 * len(short.content) > len(long.content) or narrowest_window(long.sequence, telling) <= 2 * len(short.sequence)
    if (
        telling
        and not any(frequency.get(w, 0) <= common for w in telling)
        and not (holds(a.text, b.text) or holds(b.text, a.text))
    ):
        return False  # quoted words sharing only the story's words ("national emergency"), not word for word
    if a.quote.speaker.entity and b.quote.speaker.entity and a.quote.speaker.entity != b.quote.speaker.entity:
        # Two people credited: drift, or two statements alike ("a gross abuse of power" /
        # "gross abuse of the power of the presidency"). Only words that read alike count:
        # most of the shorter one word for word ("make America whole again" / "We have to
        # make America whole"), or words one of them quotes ("just 'locker room talk'").
        quoted = shared <= inner_quoted(a.text) or shared <= inner_quoted(b.text)
        fewer = min(len(words(a.text, expand=True)), len(words(b.text, expand=True)))
        verbatim = quoted or verbatim_run(a.text, b.text) >= max(3, 0.6 * fewer)
        if not verbatim and (len(shared) < 2 or fuzz.ratio(" ".join(words(a.text)), " ".join(words(b.text))) < _MIN_FUZZY):
            return False
    if same_article and "partial" not in (a.quote.kind, b.quote.kind):
        # One article quoting two sentences alike is usually two utterances.
        return len(shared) >= 3 and len(shared) >= 0.75 * smaller
    alike = len(shared) >= 2 and (
        fuzz.ratio(" ".join(words(a.text)), " ".join(words(b.text))) >= _MIN_FUZZY or reads_inside(a.text, b.text)
    )
    if smaller <= 3 and len(shared) < smaller and longest_run(a.sequence, b.sequence) < 2:
        # Short fragments share generic words easily ("Venezuelan … gang"): ask for all
        # their content words, two of them in a row ("organized criminal"), or words that read alike.
        return alike
    for part, other in ((a, b), (b, a)):
        if part.quote.kind == "partial" and len(words(part.text)) <= _FRAGMENT_WORDS and not holds(other.text, part.text):
            return False  # a fragment of a word or two is quoted word for word: "troubled" is not "troubling"
    if smaller <= 2 and not any(frequency.get(w, 0) <= _RARE_WORD_SEGMENTS for w in telling):
        # A two-word fragment all over the story ("national emergency") is the story's
        # phrase: it joins on one of its words being rare, or on reading alike.
        return alike
    # A partial quote of a few words printed word for word in the same person's other
    # quotation ("two-in-three chance") renders it, figure words and all.
    held = (
        a.quote.speaker.entity is not None
        and a.quote.speaker.entity == b.quote.speaker.entity
        and any(
            part.quote.kind == "partial" and len(words(part.text)) >= _VERBATIM_WORDS and holds(other.text, part.text)
            for part, other in ((a, b), (b, a))
        )
    )
    return alike or held or (len(telling) >= 2 and len(shared) >= _MIN_SHARED_RATIO * smaller)


def _whole_short_report(
    a: Segment, b: Segment, telling: frozenset[str], story_words: frozenset[str], frequency: dict[str, int], common: int
) -> bool:
    """A short report of one person's words in another outlet whose own words (two,
    rarer than the story's topic) are all in that person's quotation, in the same
    order: "to throw Mr. Scotto off the balcony" of "I'll throw you off this balcony"."""
    if a.quote.article == b.quote.article or not a.quote.speaker.entity or a.quote.speaker.entity != b.quote.speaker.entity:
        return False
    short, long = (a, b) if a.quote.kind == "indirect" else (b, a)
    own = [w for w in short.sequence if w not in story_words]
    if len(own) != 2 or set(own) != telling:
        return False
    if not all(frequency.get(w, 0) <= common for w in own):
        return False
    return longest_run(tuple(w for w in long.sequence if w in telling), tuple(own)) == 2


def _verbatim_members(
    groups: list[list[Segment]],
    candidates: set[tuple[int, int]],
    segments: Sequence[Segment],
    chain_of: dict[str, tuple[str, int]],
) -> list[list[Segment]]:
    """Renderings printed word for word inside another outlet's longer sentence, which
    grouping left apart (the longer one reads like neither part alone):

    - the longer sentence joins the shorter one's groups with the words they share:
      "..., and if we lose, there is no plan B" holds "And if we lose, there is no plan B.";
    - a sentence in no group joins its own quotation's neighbour in the group of the
      longer sentence holding it: "I like it. I'd keep it" against "I like it, I'd keep it".

    A group holding another rendering of the longer sentence's article is left alone,
    unless that rendering is another piece of the same quotation split around its cue."""

    def head(s: Segment) -> str:
        return chain_of.get(s.quote.id, (s.quote.id, 0))[0]

    group_of: dict[int, list[int]] = defaultdict(list)
    for number, group in enumerate(groups):
        for segment in group:
            group_of[segment.index].append(number)
    # Word for word inside means its content stems are a subset: a cheap test before the words.
    pairs = [
        (inner, outer)
        for a, b in sorted(candidates)
        for inner, outer in ((segments[a], segments[b]), (segments[b], segments[a]))
        if inner.quote.article != outer.quote.article
        and inner.content <= outer.content
        and len(inner.text) < len(outer.text)
        and len(words(inner.text)) >= _VERBATIM_WORDS
    ]
    spans = {(inner.index, outer.index): span_of(words(inner.text), outer.text) for inner, outer in pairs}
    for inner, outer in pairs:  # first the sentences left out, so that they count below
        if spans[inner.index, outer.index] is None or group_of[inner.index]:
            continue
        for number in group_of[outer.index]:
            group = groups[number]
            if any(_neighbours(s, inner, chain_of) for s in group):
                group.append(inner)
                group_of[inner.index].append(number)
    extra = len(segments)
    for inner, outer in pairs:
        span = spans[inner.index, outer.index]
        if span is None:
            continue
        for number in list(group_of[inner.index]):
            group = groups[number]
            if any(s.quote.article == outer.quote.article and head(s) != head(outer) for s in group):
                continue
            if any(s.quote.id == outer.quote.id and s.sentence[0] == outer.sentence[0] for s in group):
                continue  # its sentence is a member already
            start, end = span
            text = outer.text[start:end]
            sequence = content_stems(text)
            group.append(
                Segment(extra, outer.quote, outer.start + start, outer.start + end, text, frozenset(sequence),
                        outer.position, sequence, capitalised_stems(text), outer.sentence)
            )  # fmt: skip
            extra += 1
    return [sorted(group, key=lambda s: (s.quote.article, s.start)) for group in groups]


def _stretch_members(group: list[Segment], first_index: int) -> list[Segment]:
    """A long quoted sentence that holds a shorter quotation of another article only
    almost word for word (`reads_inside`) is that rendering's member from the stretch
    it reads like: "we'll win at the Supreme Court" of "Then we'll end up in the Supreme
    Court, ..., and we'll win at the Supreme Court -- just like the ban"."""
    result = list(group)
    pieces = Counter(s.quote.id for s in group)
    sizes = [len(words(s.text)) for s in group]
    # By size, so each long sentence reads only the quotations of at most half its words:
    # a group of one quotation printed thousands of times compares no pairs.
    by_size = sorted(range(len(group)), key=lambda i: sizes[i])
    ordered_sizes = [sizes[i] for i in by_size]
    for number, long in enumerate(group):
        if long.quote.kind == "indirect" or pieces[long.quote.id] > 1:
            continue
        shorter = [
            s for s in (group[i] for i in by_size[: bisect.bisect_right(ordered_sizes, sizes[number] // 2)])
            if s.quote.article != long.quote.article and s.quote.kind != "indirect" and reads_inside(s.text, long.text)
        ]  # fmt: skip
        if not shorter:
            continue
        spans = word_spans(long.text)
        found = " ".join(w for *_, w in spans)
        cut = None
        for short in shorter:
            aligned = fuzz.partial_ratio_alignment(" ".join(words(short.text)), found)
            if aligned is None:
                continue
            first = found[: aligned.dest_start].count(" ") if aligned.dest_start else 0
            last = found[: max(aligned.dest_end - 1, 0)].count(" ")
            if spans and first <= last < len(spans):
                start, end = spans[first][0], spans[last][1]
                cut = (min(start, cut[0]), max(end, cut[1])) if cut else (start, end)
        if cut is None:
            continue
        text = long.text[cut[0] : cut[1]]
        sequence = content_stems(text)
        result[number] = Segment(first_index + number, long.quote, long.start + cut[0], long.start + cut[1], text,
                                 frozenset(sequence), long.position, sequence, capitalised_stems(text), long.sentence)  # fmt: skip
    return result


def _neighbours(a: Segment, b: Segment, chain_of: dict[str, tuple[str, int]]) -> bool:
    """Consecutive segments of one quotation, or the two pieces of one split around its
    cue ("'The new law does not discriminate,' Long said. 'And it will not be allowed.'")."""
    if a.quote.id == b.quote.id:
        return abs(a.position - b.position) == 1
    (head_a, rank_a), (head_b, rank_b) = chain_of.get(a.quote.id, (a.quote.id, 0)), chain_of.get(b.quote.id, (b.quote.id, 0))
    if head_a != head_b or abs(rank_a - rank_b) != 1:
        return False
    later = a if rank_a > rank_b else b
    return later.position == 0


def _candidate_pairs(segments: Sequence[Segment]) -> set[tuple[int, int]]:
    """Pairs of segments (by `Segment.index`) of different quotes sharing a content stem."""
    by_index = {segment.index: segment for segment in segments}
    pairs = _article_bounded_pairs(segments)
    return {(a, b) for a, b in pairs if by_index[a].quote.id != by_index[b].quote.id}


def _article_bounded_pairs(segments: Sequence[Segment]) -> set[tuple[int, int]]:
    """`blocked_pairs` on the content stems, and within one article a stem in more than
    _MAX_SAME_ARTICLE_POSTINGS of its segments pairs none of them with each other: one
    article of thousands of quotations is blocked as the story is across articles."""
    postings: dict[str, list[Segment]] = defaultdict(list)
    for segment in segments:
        for stem_ in segment.content:
            postings[stem_].append(segment)
    pairs: set[tuple[int, int]] = set()
    for holders in postings.values():
        if len(holders) > _MAX_POSTINGS:
            continue
        per_article = Counter(s.quote.article for s in holders)
        for i, a in enumerate(holders):
            crowded = per_article[a.quote.article] > _MAX_SAME_ARTICLE_POSTINGS
            for b in holders[i + 1 :]:
                if not (crowded and b.quote.article == a.quote.article):
                    pairs.add((min(a.index, b.index), max(a.index, b.index)))
    return pairs


def group_quotes(quotes: Sequence[Quote], entity_of: dict[str, str] | None = None) -> list[QuoteGroup]:
    """Quote groups over all quotations of a story. `entity_of` maps quote id to the
    speaker's entity id when it is a resolved, named entity."""
    entity_of = entity_of or {q.id: q.speaker.entity for q in quotes if q.speaker.entity and q.speaker.name}
    segments: list[Segment] = []
    for quote in quotes:
        segments.extend(segments_of(quote, len(segments)))
    # Renderings word for word alike are one item for matching: an utterance quoted
    # hundreds of times is compared once, not hundreds of times over.
    representative: dict[tuple[str, ...], int] = {}
    copy_of: dict[int, int] = {}
    for segment in segments:
        key = (*words(segment.text, expand=True), "|", segment.quote.kind)
        copy_of[segment.index] = representative.setdefault(key, segment.index)
    unique = [segments[i] for i in sorted(set(copy_of.values()))]
    frequency = _frequency(unique)
    common = max(_TOPIC_PLACES, round(_TOPIC_SHARE * len(unique)))
    candidates = _candidate_pairs(unique)
    matches = {(a, b) for a, b in candidates if _renders_same(segments[a], segments[b], frequency, common)}
    matches = _quoted_words_first(matches, segments)
    printed_in: dict[int, set[str]] = defaultdict(set)  # representative -> the articles printing its words
    for index, rep in copy_of.items():
        printed_in[rep].add(segments[index].quote.article)
    matches |= lone_reports(segments, candidates, matches, frequency, common, printed_in)
    # A fragment of a word or two ('imagination') says nothing against a merge, and may
    # belong to several groups: it joins every group holding a rendering it matches,
    # after the renderings are grouped among themselves.
    fragments = {s.index for s in unique if s.quote.kind == "partial" and len(words(s.text)) <= _FRAGMENT_WORDS}
    # A partial quote of a clause inside a longer rendering is kept out of the grouping
    # too: two outlets quoting different clauses of one sentence are two groups.
    clauses = {
        x for a, b in matches for x, y in ((a, b), (b, a)) if x not in fragments and _clause_of(segments[x], segments[y])
    }  # fmt: skip
    held_apart = fragments | clauses
    grouped = [(a, b) for a, b in matches if a not in held_apart and b not in held_apart]
    clusters = average_link(
        len(segments), sorted(grouped, key=lambda pair: _strength(segments[pair[0]], segments[pair[1]], pair))
    )
    clusters = [c for c in clusters if not c <= held_apart]
    chain_of = _chains(quotes)
    continuing = {(a, b) for a, b in _continuations(unique, chain_of) if a not in held_apart and b not in held_apart}
    clusters = _join_continuations(clusters, matches, continuing, segments)
    copies: dict[int, list[Segment]] = defaultdict(list)
    for index, rep in copy_of.items():
        copies[rep].append(segments[index])
    borne_out = {  # fragments another article quotes their own speaker saying
        x for a, b in matches for x, y in ((a, b), (b, a))
        if x in fragments and any(_credited_alike(segments[x], r) for r in copies[y])
    }  # fmt: skip
    matched_fragments = set()
    for a, b in matches:
        for fragment, other in ((a, b), (b, a)):
            if fragment in fragments and other not in fragments:
                if fragment in borne_out and _word_used_twice(segments[fragment], copies[other]):
                    continue
                for cluster in clusters:
                    if other in cluster and not _left_out(segments[fragment], [segments[x] for x in cluster]):
                        cluster.add(fragment)
                        matched_fragments.add(fragment)
    clusters = _with_clauses(clusters, clauses, matches, segments)
    matched_fragments |= {x for c in clusters for x in c if x in clauses}
    fragments = fragments | clauses
    alone = {(a, b) for a, b in matches if {a, b} <= fragments - matched_fragments}
    clusters += [c for c in average_link(len(segments), alone) if c <= fragments - matched_fragments]
    holding: dict[int, list[set[int]]] = defaultdict(list)  # item -> the clusters holding it
    for cluster in clusters:
        for index in cluster:
            holding[index].append(cluster)
    for index, rep in copy_of.items():
        if index != rep:  # a copy joins its representative's groups
            for cluster in holding[index]:
                cluster.discard(index)
            for cluster in holding[rep]:
                cluster.add(index)
    groups = [[segments[i] for i in sorted(g)] for g in clusters]
    groups = [_without_enclosing_reports(g) for g in groups]
    groups = [g for g in groups if len({chain_of.get(s.quote.id, (s.quote.id, 0))[0] for s in g}) >= 2]
    groups = merge_adjacent(groups, chain_of, _fragment_chains(quotes))
    groups = _verbatim_members(groups, candidates, segments, chain_of)
    groups = [_stretch_members(g, len(segments)) for g in groups]
    # A clause's member reads its whole sentence unless another group holds the rest:
    # "I could do the wall over a longer period of time ― I didn't need to do this" is
    # the outlet's rendering, even where only its second clause is another's.
    siblings: dict[tuple[str, int], set[int]] = defaultdict(set)  # (quote, sentence rank) -> its clauses
    for segment in segments:
        siblings[(segment.quote.id, segment.sentence[0])].add(segment.index)
    held = {segment.index for members in groups for segment in members}
    result = []
    for number, members in enumerate(sorted(groups, key=lambda ms: (ms[0].quote.article, ms[0].start)), start=1):
        own = {s.index for s in members}
        whole = {
            (s.quote.id, s.sentence[0]) for s in members if s.index < len(segments)
        }  # not words cut out (`_verbatim_members`)
        whole = {key for key in whole if not (siblings[key] - own) & held}
        result.append(_group(f"g{number}", members, entity_of, chain_of, whole))
    return result


def _chains(quotes: Sequence[Quote]) -> dict[str, tuple[str, int]]:
    """Quote id -> (the first piece's id, the piece's rank) for quotations an article
    splits around its cue: "'A,' she said in a statement, 'B.'" Two direct or partial
    quotes of one speaker follow each other with only the first one's attribution
    between them (an indirect report inside that attribution does not interrupt)."""

    def split_around_cue(a: Quote, b: Quote) -> bool:
        if not 0 <= b.start - a.end <= _CUE_GAP:
            return False
        if a.cue is None or not (a.end <= a.cue.start and a.cue.end <= b.start):
            return False  # the words between are not the first piece's attribution
        # (a second piece with its own attribution after it is another statement)
        return b.cue is None or b.cue.start < b.end

    return _linked([q for q in quotes if q.kind != "indirect"], split_around_cue)


def _fragment_chains(quotes: Sequence[Quote]) -> dict[str, tuple[str, int]]:
    """The same for partial quotations of one speaker a few words apart, one sentence
    rendered in pieces: "crop insurance “is not a handout” and called it “the only thing …”"."""
    return _linked([q for q in quotes if q.kind == "partial"], lambda a, b: 0 <= b.start - a.end <= _FRAGMENT_GAP)


def _linked(quotes: list[Quote], follows: Callable[[Quote, Quote], bool]) -> dict[str, tuple[str, int]]:
    """Quote id -> (its chain's first quote id, its rank) for consecutive quotes of one
    article and one speaker that `follows` links."""
    chain_of: dict[str, tuple[str, int]] = {}
    for a, b in itertools.pairwise(sorted(quotes, key=lambda q: (q.article, q.start))):
        if a.article == b.article and follows(a, b) and _same_speaker(a, b):
            head, rank = chain_of.get(a.id, (a.id, 0))
            chain_of[a.id] = (head, rank)
            chain_of[b.id] = (head, rank + 1)
    return chain_of


def _two_voices(a: Speaker, b: Speaker) -> bool:
    """Whether two resolved speakers are two voices: not one entity, nor a spokesperson
    and the body she speaks for ("a spokeswoman for the company" and the company)."""
    if not a.entity or not b.entity or a.entity == b.entity:
        return False
    return a.represents != b.entity and b.represents != a.entity


def _same_speaker(a: Quote, b: Quote) -> bool:
    if a.speaker.entity and b.speaker.entity:
        return a.speaker.entity == b.speaker.entity
    return bool(a.speaker.name and b.speaker.name and a.speaker.name.casefold() == b.speaker.name.casefold())


def _continuations(unique: Sequence[Segment], chain_of: dict[str, tuple[str, int]]) -> set[tuple[int, int]]:
    """Pairs of segments (by index) that continue each other: consecutive sentences of
    one quotation, or the last sentence of one piece and the first of the next."""
    by_place = {(s.quote.id, s.position): s.index for s in unique}
    last: dict[str, int] = defaultdict(int)
    for s in unique:
        last[s.quote.id] = max(last[s.quote.id], s.position)
    head_rank = {rank_key: qid for qid, rank_key in chain_of.items()}
    pairs = set()
    for s in unique:
        nxt = by_place.get((s.quote.id, s.position + 1))
        if nxt is None and s.position == last[s.quote.id] and s.quote.id in chain_of:
            head, rank = chain_of[s.quote.id]
            following = head_rank.get((head, rank + 1))
            nxt = by_place.get((following, 0)) if following else None
        if nxt is not None:
            pairs.add((min(s.index, nxt), max(s.index, nxt)))
    return pairs


def _join_continuations(
    clusters: list[set[int]], matches: set[tuple[int, int]], continuing: set[tuple[int, int]], segments: Sequence[Segment]
) -> list[set[int]]:
    """Join two groups holding segments that continue each other when, counting the
    continuations as matches, more than half of the pairs across them match and at
    least one match crosses articles (a sentence quoted whole in one outlet and in two
    pieces around the cue in another)."""
    linked = matches | continuing
    matched = {x for pair in matches for x in pair}
    clusters = [set(c) for c in clusters]
    while True:
        # The best-linked join first: a sentence continuing two groups joins the one
        # most of whose pairs it matches.
        cluster_of = {x: number for number, cluster in enumerate(clusters) for x in cluster}
        best: tuple[float, int, int] | None = None
        for a, b in sorted(continuing):
            ca, cb = cluster_of.get(a), cluster_of.get(b)
            if ca is None or cb is None or ca == cb:
                continue
            across = [(min(x, y), max(x, y)) for x in clusters[ca] for y in clusters[cb]]
            # (a lone piece too short to match on its own words ("I'll take it.") is matched
            # by another outlet's rendering printing it and its neighbour word for word)
            piece, neighbour = (a, b) if len(clusters[ca]) <= len(clusters[cb]) else (b, a)
            held = set()
            if len(clusters[cluster_of[piece]]) == 1 and piece not in matched:
                held = {
                    p for p in across if piece in p and _holds_both(segments, p[1] if p[0] == piece else p[0], piece, neighbour)
                }
            crossing = any(
                (p in matches or p in held) and segments[p[0]].quote.article != segments[p[1]].quote.article for p in across
            )
            share = sum(p in linked or p in held for p in across) / len(across)
            if crossing and share > 0.5 and (best is None or share > best[0]):
                best = (share, ca, cb)
        if best is None:
            return clusters
        _, ca, cb = best
        clusters[ca] |= clusters[cb]
        clusters = [c for number, c in enumerate(clusters) if number != cb]


def _holds_both(segments: Sequence[Segment], whole: int, piece: int, neighbour: int) -> bool:
    """Whether another article's rendering prints a piece and its neighbour word for word."""
    return _printed_inside(segments[whole], segments[piece]) and _printed_inside(segments[whole], segments[neighbour])


def _printed_inside(a: Segment, b: Segment) -> bool:
    """Whether one of two segments of different articles runs word for word inside the other."""
    if a.quote.article == b.quote.article:
        return False
    short, long = sorted((a, b), key=lambda s: len(s.text))
    return len(words(short.text)) >= 2 and holds(long.text, short.text)


def _credited_alike(fragment: Segment, rendering: Segment) -> bool:
    """Another article quotes the fragment's speaker (the same identity) saying it."""
    entity = fragment.quote.speaker.entity
    return rendering.quote.article != fragment.quote.article and entity is not None and rendering.quote.speaker.entity == entity


def _word_used_twice(fragment: Segment, renderings: Sequence[Segment]) -> bool:
    """True when every rendering the fragment matches is in the fragment's own article,
    credited to someone else, and does not quote it. For a fragment another article
    quotes its speaker saying ("stop" in his text message), the other person's sentence
    using the word in the same article ("to try and stop") is the word used twice, not
    one utterance credited twice."""
    own = fragment.quote
    return bool(renderings) and all(
        r.quote.article == own.article
        and r.quote.speaker.entity is not None
        and own.speaker.entity is not None
        and r.quote.speaker.entity != own.speaker.entity
        and not fragment.content <= inner_quoted(r.text)
        for r in renderings
    )


def _left_out(fragment: Segment, members: Sequence[Segment]) -> bool:
    """True when the fragment's article quotes the group's utterance without the
    fragment's words: the fragment there renders something else."""
    return any(
        m.quote.article == fragment.quote.article and m.quote.kind != "partial" and not holds(m.text, fragment.text)
        for m in members
    )


def _clause_of(part: Segment, whole: Segment) -> bool:
    """A partial quote of a clause or so whose words run in order inside a longer
    quotation in another article: it renders a part of that sentence, not all of it."""
    n = len(part.sequence)
    return (
        part.quote.kind == "partial"
        and whole.quote.kind != "partial"
        and part.quote.article != whole.quote.article
        and 2 <= n <= _CLAUSE_WORDS
        and len(whole.sequence) > n
        and longest_run(part.sequence, whole.sequence) >= max(2, n - 1)
    )


def _with_clauses(
    clusters: list[set[int]], clauses: set[int], matches: set[tuple[int, int]], segments: Sequence[Segment]
) -> list[set[int]]:
    """Each clause joins the one group it reads most like (the longest run of words in
    order shared with a member). Two clauses of different articles that do not match
    each other quote different parts of one sentence: each gets its own copy of the group."""
    linked: dict[int, set[int]] = defaultdict(set)
    for a, b in matches:
        linked[a].add(b)
        linked[b].add(a)
    bases = [{x for x in cluster if x not in clauses} for cluster in clusters]
    copies: list[list[set[int]]] = [[set(cluster)] for cluster in clusters]
    for clause in sorted(clauses):
        scored = [
            (max(verbatim_run(segments[clause].text, segments[x].text) for x in linked[clause] & base), -number)
            for number, base in enumerate(bases)
            if linked[clause] & base and 2 * len(linked[clause] & base) >= len(base)
        ]
        if not scored:
            continue
        number = -max(scored)[1]
        for copy in copies[number]:
            added = copy - bases[number]
            if not any(segments[g].quote.article != segments[clause].quote.article and g not in linked[clause] for g in added):
                copy.add(clause)
                break
        else:
            copies[number].append(bases[number] | {clause})
    return [copy for group in copies for copy in group]


def _strength(a: Segment, b: Segment, pair: tuple[int, int]) -> tuple[bool, int, tuple[int, int]]:
    """Sort key, strongest match first: quoted words before words reported without
    marks, then the longer run of words the two share in order. A reported rendering
    near two quotations then joins them once they are one group, not first one of them."""
    return ("indirect" in (a.quote.kind, b.quote.kind), -verbatim_run(a.text, b.text), pair)


def _quoted_words_first(matches: set[tuple[int, int]], segments: Sequence[Segment]) -> set[tuple[int, int]]:
    """Drop a reported clause's match with a rendering that a partial quote inside that
    clause matches too: the quoted words are the outlet's rendering ("the plan was
    'under review for months'"), the clause around them its own words."""
    partners: dict[int, set[int]] = defaultdict(set)
    for a, b in matches:
        partners[a].add(b)
        partners[b].add(a)
    partials: dict[str, list[Segment]] = defaultdict(list)  # article -> its matched partial quotes
    for segment in segments:
        if segment.quote.kind == "partial" and segment.index in partners:
            partials[segment.quote.article].append(segment)
    enclosed: dict[int, list[int]] = {}  # indirect segment -> the partial quotes inside it
    for report in segments:
        if report.quote.kind == "indirect" and report.index in partners:
            inside = partials.get(report.quote.article, ())
            # (the report may stop short of the closing punctuation the partial quote holds)
            enclosed[report.index] = [p.index for p in inside if report.start <= p.start < report.end]

    def superseded(report: int, other: int) -> bool:
        return any(other in partners[p] for p in enclosed.get(report, ()))

    return {(a, b) for a, b in matches if not superseded(a, b) and not superseded(b, a)}


def _without_enclosing_reports(group: list[Segment]) -> list[Segment]:
    """An indirect quote whose own partial quotes are in the group is represented by
    them: the quoted words are the rendering, the clause around them is the outlet's."""
    partials = [s for s in group if s.quote.kind == "partial"]
    return [
        s
        for s in group
        if s.quote.kind != "indirect"
        or not any(p.quote.article == s.quote.article and s.start <= p.start and p.end <= s.end for p in partials)
    ]


def _frequency(segments: Sequence[Segment]) -> dict[str, int]:
    """In how many places of the story each content word is quoted: a partial quote
    and the reported clause around it are one place, not two."""
    places: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
    for segment in segments:
        for word in segment.content:
            places[word].append((segment.quote.article, segment.start, segment.end))
    frequency = {}
    for word, spans in places.items():
        count, last = 0, ("", -1, -1)
        for article, start, end in sorted(spans):
            if article != last[0] or start >= last[2]:
                count += 1
                last = (article, start, end)
            else:
                last = (article, last[1], max(last[2], end))
        frequency[word] = count
    return frequency


def _compared(qa: Quote, ta: str, qb: Quote, tb: str) -> Comparison:
    """How two renderings differ. A report printing the other's words in quotation marks
    ("the states were “likely to succeed on the merits” of their case" / "likely to
    succeed on the merits") is compared by those words: they are the quotation."""
    if "indirect" in (qa.kind, qb.kind):
        ra = " ".join(quoted_parts(ta)) if qa.kind == "indirect" else ta
        rb = " ".join(quoted_parts(tb)) if qb.kind == "indirect" else tb
        if ra and rb and len(words(ra)) >= _FRAGMENT_WORDS and (holds(ra, rb) or holds(rb, ra)):
            return compare(ra, rb)
        if qa.kind == qb.kind == "indirect" and (holds(ta, tb) or holds(tb, ta)):
            return compare(ta, tb)  # two outlets' one wording, one cut shorter ("it had received 17 bodies")
    return compare(ta, tb, reported="indirect" in (qa.kind, qb.kind))


def _parts_of_one_whole(pairs: list[QuotePair], length: dict[str, int]) -> list[QuotePair]:
    """Two outlets quoting two different parts of what a third quotes whole ("We will look
    at staffing, training, the vessels" / "We will go where the evidence leads"): each a
    minor rendering of the whole, so they differ by no more than that from each other,
    however few words they share. The whole is longer than either part (a fragment both
    hold is no whole: "duty to keep their lines clear" tells nothing of "shows" / "suggests")."""
    close = {"identical", "formatting", "minor"}
    of = {(p.a, p.b): p.difference for p in pairs} | {(p.b, p.a): p.difference for p in pairs}
    renderings = {q for p in pairs for q in (p.a, p.b)}
    result = []
    for pair in pairs:
        if pair.difference == "substantive":
            wholes = [
                c
                for c in renderings
                if of.get((pair.a, c)) in close
                and of.get((pair.b, c)) in close
                and length.get(c, 0) > max(length.get(pair.a, 0), length.get(pair.b, 0))
            ]
            if wholes:
                difference = most_severe([of[(pair.a, wholes[0])], of[(pair.b, wholes[0])]])
                pair = pair.model_copy(update={"difference": difference, "changed": ((), ())})
        result.append(pair)
    return result


def _group(
    group_id: str,
    members: list[Segment],
    entity_of: dict[str, str],
    chain_of: dict[str, tuple[str, int]],
    whole: set[tuple[str, int]] | None = None,
) -> QuoteGroup:
    """`whole`: (quote, sentence rank) of the sentences a member reads whole, not by clause."""
    by_quote: dict[str, list[Segment]] = defaultdict(list)
    for segment in members:
        by_quote[segment.quote.id].append(segment)
    spans = []
    for segs in by_quote.values():
        quote = segs[0].quote
        bounds = [s.sentence[1:] if (quote.id, s.sentence[0]) in (whole or ()) else (s.start, s.end) for s in segs]
        start, end = min(b[0] for b in bounds), max(b[1] for b in bounds)
        spans.append((quote, start, end, quote.text[start - quote.start : end - quote.start]))
    spans.sort(key=lambda item: (item[0].article, item[1]))
    # The pieces of a quotation split around its cue compare as one rendering, joined
    # where the cue was ("'A,' she said, 'b'" reads "A, b").
    renderings: dict[str, tuple[Quote, str]] = {}
    for quote, _, _, text in spans:
        head = chain_of.get(quote.id, (quote.id, 0))[0]
        if head in renderings:
            first, joined = renderings[head]
            joined = _EDGE_PUNCTUATION.sub("", joined)
            # A piece opening on a capital starts a sentence: "'A,' she said. 'B.'" reads "A. B."
            # ("I" opens none: "'Leaving the House,' he said, 'I'm able to …'")
            opens = text[:1].isupper() and not _FIRST_PERSON.match(text)
            joint = (" " if joined.endswith(("?", "!")) else ". ") if opens else ", "
            renderings[head] = (first, joined + joint + text)
        else:
            renderings[head] = (quote, text)
    pairs: list[QuotePair] = []
    compared = list(renderings.values())
    for i, (qa, ta) in enumerate(compared):
        for qb, tb in compared[i + 1 :]:
            if len(pairs) >= _MAX_PAIRS_PER_GROUP:
                break
            if qa.article == qb.article and "partial" in (qa.kind, qb.kind) and not (holds(ta, tb) or holds(tb, ta)):
                # Two fragments of one rendering ('pushing out' ... 'through intimidation'), or
                # an article's partial quote of words its fuller quotation leaves out: another
                # part. (An article repeating its quoted words, whole or in part, is compared.)
                continue
            comparison = _compared(qa, ta, qb, tb)
            if comparison.difference == "paraphrase" and misquoted(qa, ta, qb, tb):
                comparison = replace(comparison, difference="substantive")
            pairs.append(QuotePair(a=qa.id, b=qb.id, difference=comparison.difference,
                                   changed=(comparison.changed_a, comparison.changed_b)))  # fmt: skip
    pairs = _parts_of_one_whole(pairs, {q.id: len(words(t)) for q, t in compared})
    speakers = tuple(dict.fromkeys(entity_of[q.id] for q, *_ in spans if q.id in entity_of))
    return QuoteGroup(
        id=group_id,
        quotes=tuple(q.id for q, *_ in spans),
        members=tuple(GroupMember(quote=q.id, start=s, end=e) for q, s, e, _ in spans),
        difference=most_severe([p.difference for p in pairs]),
        pairs=tuple(pairs),
        speakers=speakers,  # attribution drift is assessed later (`corroborate.assess.drift`)
        origins=tuple(dict.fromkeys(q.channel for q, *_ in spans if q.channel)),
        independent_origins=len({q.channel for q, *_ in spans if q.channel}),
    )
