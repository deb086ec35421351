"""Claims: the factual statements of an article, with who makes them, hedges,
quantities and dates.

The headline, standfirst, body and update zones are cut into sentences (captions
repeat the body; bylines state nothing), and a sentence into the statements it
makes:

- a sentence reporting speech holds the claim of whoever speaks: the content of
  each direct or indirect quotation in it of at least `_MIN_WORDS` words is a claim
  (`claim.quoted`) by that speaker, without the attribution around it ("X told Fox
  News that ...");
- the outlet's own statement that such a report hangs on ("Pelosi downplayed the
  remarks, saying that ...") is a claim of its own (`claim.frame`);
- a sentence of the outlet's own reporting that joins clauses with their own
  subjects ("Police confirm the gang operates here, but she says the video is old")
  makes one claim per clause (`claim.clause`);
- what the speaker did besides, in a predicate joined to the cue after the report
  ("Clinton said Sunday the vote was a setback but declined to say whether she
  backs the bill") is a claim of its own (`claim.conjunct`): the outlet's, or the
  speaker's when that predicate is a speech act;
- where someone spoke, when the verb reporting it names a setting or an audience
  ("X said at a rally here", "X told a local affiliate", "in an interview with Fox
  News, X gave ...", "X said ... in an interview Tuesday"), is the outlet's claim
  (`claim.attribution`), its `event` the class of occasion (`nlp.occasions`) and its
  subject who spoke;
- a relative clause set off after a clause's subject ("Ms. Page, who had left the
  team, quit the bureau") is a second claim about it (`claim.relative`), from the
  subject to the relative clause's end, beside the claim of the whole;
- a report whose cue's words give a date ("Gov. X announced Monday that ...", "The
  same day, X said ...") keeps those words in its claim: when it was said is when
  what it announces was made known;
- otherwise the sentence is the claim (`claim.sentence`); partial quotes (a few
  quoted words inside reported speech) leave the sentence whole, since the words
  around them carry the statement.

`by` is the entity of the quotation the claim carries (`quote`: its speaker, or
whom an unnamed speaker speaks for); null means the outlet states it from its own
reporting. Claims can be extracted per article before the story's speakers are
linked to entities (the batch store caches them so) and given their `by` later by
`corroborate.align.identities.link_claim_speakers`.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence
from dataclasses import replace

from spacy.tokens import Doc, Span, Token

from corroborate.model import Article, Claim, Quote
from corroborate.nlp.cues import is_question_clause, is_speech_cue
from corroborate.nlp.dates import find_dates
from corroborate.nlp.entities import KINDS
from corroborate.nlp.events import (
    NEGATIVE_SUPPORT,
    denied_by_support_noun,
    event_class,
    event_noun,
    event_of,
    event_verb,
    figure_governor,
    is_negated,
    news_of,
    phrasal,
)
from corroborate.nlp.frames import claim_frames
from corroborate.nlp.lexicon import HEDGES
from corroborate.nlp.names import clean_name
from corroborate.nlp.occasions import Occasion, closing_interview, occasion_of, occasion_words
from corroborate.nlp.participants import Resolver
from corroborate.nlp.people import index_people
from corroborate.nlp.quantities import find_quantities, with_sums
from corroborate.nlp.rules import CONFIDENCE, OCCASION_RULE
from corroborate.nlp.spans import SpanIndex

_HEDGES = re.compile(r"\b(" + "|".join(HEDGES) + r")\b", re.I)
_CLAIM_ZONES = frozenset(["headline", "standfirst", "body", "update"])
_MIN_WORDS = 5
_SUBJECTS = frozenset(["nsubj", "nsubjpass", "expl", "csubj"])
_EDGE = frozenset(["cc", "punct"])
_ATTRIBUTION_WORDS = 5
_MAX_GAP = 6  # words between a cue and what it reports ("told Fox News on Thursday that")
# "said at a rally here": an occasion stated in fewer words is rarely one.
_MIN_OCCASION_WORDS = 4
_CONTRAST = frozenset(["though", "although", "whereas"])  # not "while": often "at the same time"
# A date phrase saying how long, unless it also says when ("two years ago", "last three months").
_DURATION = re.compile(r"\b(?:days|weeks|months|years|decades|centuries)$")
_POINT = re.compile(r"\b(?:ago|last|past|this|next|earlier|later|recent)\b")


def _hedges(text: str) -> tuple[str, ...]:
    """The hedges of a text, once each; "May" capitalised is the month, not the modal."""
    return tuple(dict.fromkeys(m.group(1).casefold() for m in _HEDGES.finditer(text) if m.group(1) != "May"))


def _near(before: str, after: str) -> str:
    """The attribution next to a reported claim: the last _ATTRIBUTION_WORDS words before
    it and the first after it ("It is understood that", "he reportedly said"), not
    the rest of its sentence ("the councilwoman who leaked video of alleged gang
    members ... says")."""
    return " ".join([*before.split()[-_ATTRIBUTION_WORDS:], *after.split()[:_ATTRIBUTION_WORDS]])


def speaker_entity(quote: Quote) -> str | None:
    """The entity a quote's claims are credited to: its named speaker, else whom an unnamed one speaks for."""
    return quote.speaker.entity if quote.speaker.entity and quote.speaker.name else quote.speaker.represents


def _sentence_pieces(doc: Doc, article: Article) -> list[list[Token]]:
    """The tokens of each sentence, cut at zone edges (a sentence the parser ran
    across a paragraph break is cut at the break)."""
    zones = [z for z in article.zones if z.kind in _CLAIM_ZONES]
    # Zones in order and apart (as `find_zones` makes them) are found by bisection: an
    # article of thousands of paragraphs must not scan every zone for every sentence.
    ordered = all(a.end <= b.start for a, b in itertools.pairwise(zones))
    ends = [z.end for z in zones]
    pieces = []
    for sentence in doc.sents:
        first = bisect.bisect_right(ends, sentence.start_char) if ordered else 0
        for k in range(first, len(zones)):
            zone = zones[k]
            if ordered and zone.start >= sentence.end_char:
                break
            if zone.end <= sentence.start_char or zone.start >= sentence.end_char:
                continue
            tokens = [t for t in sentence if not t.is_space and zone.start <= t.idx < zone.end]
            if tokens:
                pieces.append(tokens)
    return pieces


def _trim(tokens: list[Token]) -> list[Token]:
    """Drop joining words and punctuation at the edges ("..., but" / "-- and")."""
    while (
        tokens
        and (tokens[0].dep_ in _EDGE or tokens[0].is_punct or tokens[0].lower_ in _CONTRAST)
        and tokens[0].text not in "\"'“‘"
    ):
        tokens = tokens[1:]
    if tokens and tokens[0].lower_ == "that" and tokens[0].dep_ == "mark":
        tokens = tokens[1:]  # the complementizer of reported speech
    while tokens and (tokens[-1].dep_ == "cc" or tokens[-1].text in ",;:-–—"):
        tokens = tokens[:-1]
    return tokens


def _starts_clause(token: Token) -> bool:
    """A conjunct verb (or predicate adjective) with a subject of its own, or a
    contrasting clause ("..., though she claims ...") starts a statement of its own."""
    if token.pos_ not in ("VERB", "AUX", "ADJ") or not any(c.dep_ in _SUBJECTS for c in token.children):
        return False
    if token.dep_ == "conj":
        return True
    return token.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in _CONTRAST for c in token.children)


def _clauses(tokens: list[Token]) -> list[list[Token]]:
    """Split a sentence into the clauses that each have their own subject. A split
    must be a contiguous run of the sentence's end (what comes after it is only
    punctuation); otherwise, or when a part is too short to state anything, the
    sentence stays whole."""
    inside = {t.i for t in tokens}
    position = {t.i: n for n, t in enumerate(tokens)}
    cuts: list[int] = []
    for token in tokens:
        if not _starts_clause(token):
            continue
        subtree = sorted(position[t.i] for t in token.subtree if t.i in inside)
        first, last = subtree[0], subtree[-1]
        if len(subtree) != last - first + 1 or any(t.is_alpha for t in tokens[last + 1 :]):
            continue  # not a tail of the sentence
        if cuts and first <= cuts[-1]:
            continue
        cuts.append(first)
    if not cuts:
        return [tokens]
    bounds = [0, *cuts, len(tokens)]
    clauses = [_trim(tokens[a:b]) for a, b in itertools.pairwise(bounds)]
    if any(sum(t.is_alpha for t in c) < _MIN_WORDS for c in clauses):
        return [tokens]
    return clauses


def _reported(clause: list[Token]) -> list[Token]:
    """The reported part of a clause whose main verb is a speech cue ("Coffman
    alleged that at least two buildings ..." → "at least two buildings ..."), or the
    clause itself. The part must run to the clause's end, so nothing is lost but the
    attribution; an attribution giving a figure ("officials cited only two times
    that ...", "asked six times whether ...") is part of what is stated, and a
    question ("did not answer whether ...") is no reported part."""
    inside = {t.i for t in clause}
    for token in clause:
        if token.head.i in inside and token.head != token:
            continue
        if not is_speech_cue(token):
            return clause
        for child in token.children:
            if child.dep_ != "ccomp" or child.i not in inside:
                continue
            part = [t for t in clause if child.left_edge.i <= t.i <= child.right_edge.i]
            rest = [t for t in clause if t.i > child.right_edge.i]
            if any(t.is_alpha for t in rest) or sum(t.is_alpha for t in part) < _MIN_WORDS:
                return clause
            if any(t.like_num and t.i < child.left_edge.i for t in clause):
                return clause  # a figure in the attribution is stated too ("cited only two times that ...")
            if is_question_clause(child) or (_withheld(token) and part[0].lower_ in _QUESTION_WORDS):
                return clause  # "did not answer whether ...": the question is no statement, not answering it is
            return _trim([t for t in clause if t.i >= child.left_edge.i])
    return clause


def _frame(clause: list[Token], quote: Quote, start: int) -> list[Token]:
    """The outlet's own statement that a report of speech hangs on ("Pelosi downplayed
    the remarks, saying that ...", "He called the plan a mistake and said ..."): the
    words before the quote's cue when the cue depends on a verb that is no speech cue
    and has a subject of its own; empty when the cue heads the clause ("X said ...")."""
    inside = {t.i for t in clause}
    cue = _cue_token(clause, quote)
    if cue is None or cue.idx >= start:
        return []
    head = cue
    while head.head.i in inside and head.head != head:
        child, head = head, head.head
        # A report of a report ("X said she told them ...") frames nothing; a speech act
        # joined to the cue ("X called it a mistake and said ...") is a statement of its own.
        if is_speech_cue(head) and child.dep_ != "conj":
            return []
        if head.pos_ in ("VERB", "AUX") and any(c.dep_ in _SUBJECTS and c.i in inside for c in head.children):
            break
    else:
        return []
    frame = _trim([t for t in clause if t.i < cue.left_edge.i and t.idx < start])
    while frame and frame[-1].pos_ in ("ADP", "SCONJ"):
        frame = _trim(frame[:-1])  # "sparked a backlash, with" + the report
    return frame if sum(t.is_alpha for t in frame) >= _MIN_WORDS and head in frame else []


def _root(tokens: list[Token]) -> Token | None:
    """The token of `tokens` whose head lies outside them (or is itself): the clause's main word."""
    inside = {t.i for t in tokens}
    return next((t for t in tokens if t.head.i not in inside or t.head == t), None)


def _cue_token(tokens: list[Token], quote: Quote) -> Token | None:
    """The token of `tokens` where the quote's cue starts; None for no cue or none there."""
    if quote.cue is None:
        return None
    return next((t for t in tokens if t.idx == quote.cue.start), None)


def _frame_carrier(frame: list[Token], quote: Quote) -> Quote | None:
    """Whose statement a frame is: the quote's speaker's when the frame's own main verb
    is a speech act ("He called the plan a mistake and said ..."), the outlet's (None)
    otherwise ("Pelosi downplayed the remarks, saying ..."). Read off the frame, not
    off the verb `_frame` found the cue hanging on: a parse may hang the cue on a verb
    inside the frame ("The mayor explained the delay, which the board caused, by
    saying ..."), and the frame's main verb says what it states."""
    root = _root(frame)
    return quote if root is not None and is_speech_cue(root) else None


_QUESTION_WORDS = frozenset("whether if when how what why where who whom which".split())


def _left_open(doc: Doc, quote: Quote) -> bool:
    """A question its speaker would not answer ("declined to say when the order would be
    lifted", "did not say how much it cost"): reported as a quotation, but no statement of
    theirs; the clause around it is the outlet's."""
    words = quote.text.split(maxsplit=1)
    if quote.kind != "indirect" or quote.cue is None or not words or words[0].casefold() not in _QUESTION_WORDS:
        return False
    span = doc.char_span(quote.cue.start, quote.cue.end, alignment_mode="expand")
    if span is None:
        return False
    return _withheld(span.root)


def _withheld(cue: Token) -> bool:
    """The speech verb is negated or hangs on a refusal: "did not say", "declined to say"."""
    if any(c.dep_ == "neg" for c in cue.children):
        return True
    holder = cue.head
    return cue.dep_ == "xcomp" and (holder.lemma_ in NEGATIVE_SUPPORT or any(c.dep_ == "neg" for c in holder.children))


def _conjunct(clause: list[Token], quote: Quote, end: int) -> list[Token]:
    """What the clause states after a report of speech in a predicate joined to its
    cue ("X said ... but declined to say whether ..."): the words from the joining
    word's end to the clause's end; empty when there is none, it has a subject of its
    own (a clause `_clauses` splits), or it is too short to state anything. The
    parse may hang such a predicate on the cue as a second complement: the joining
    word before it tells it apart from what the cue reports."""
    cue = _cue_token(clause, quote)
    if cue is None or cue.idx >= end:
        return []
    tail = [t for t in clause if t.idx >= end]
    while tail and tail[0].is_punct:
        tail = tail[1:]
    if not tail or tail[0].pos_ != "CCONJ":
        return []
    conjunct = next((t for t in tail[1:] if t.pos_ != "ADV"), None)
    if conjunct is None or conjunct.head != cue or conjunct.dep_ not in ("conj", "ccomp"):
        return []
    if conjunct.pos_ not in ("VERB", "AUX") or any(c.dep_ in _SUBJECTS for c in conjunct.children):
        return []
    part = _trim(tail[1:])
    return part if sum(t.is_alpha for t in part) >= _MIN_WORDS else []


def _occasion(
    clause: list[Token], verb: Token | None, speech: bool, skip: tuple[int, int] = (0, 0), closing: bool = True
) -> Occasion | None:
    """Where or to whom `verb`'s words were said ("Mrs. X said at a rally here", "he
    told a local affiliate in Denver", "in an interview with Fox News, the speaker gave
    ..."; for a speech verb also an interview closing the clause when `closing`, "said
    ... in an interview Tuesday"), with the clause's words stating it, never those of the
    quotation at `skip`; None when there is none or its words are too few to state one."""
    if verb is None:
        return None
    found = occasion_of(verb, speech) or (closing_interview(verb, clause) if speech and closing else None)
    if found is None:
        return None
    words = occasion_words(found, {t.i for t in clause}, skip)
    return replace(found, words=tuple(words)) if sum(t.is_alpha for t in words) >= _MIN_OCCASION_WORDS else None


def _clause_occasion(clause: list[Token], quotes: Sequence[Quote]) -> Occasion | None:
    """The occasion of a clause of the outlet's own words: its root verb's, when the
    verb reports speech or an interview frames it; never words of a direct quotation
    in it (`quotes`, the clause's)."""
    root = _root(clause)
    if root is None or root.pos_ not in ("VERB", "AUX"):
        return None
    said = [(q.start, q.end) for q in quotes if q.kind != "indirect"]
    own = [t for t in clause if not any(start <= t.idx < end for start, end in said)]
    return _occasion(own, root, is_speech_cue(root))


def _described(clause: list[Token]) -> list[Token]:
    """The subject of a clause with the relative clause set off after it ("Ms. Page,
    who had left the team, quit the bureau"): a second statement about the subject,
    as the words from the subject's start to the relative clause's end; empty when
    there is none."""
    inside = {t.i for t in clause}
    position = {t.i: n for n, t in enumerate(clause)}
    root = _root(clause)
    if root is None:
        return []
    for subject in (c for c in root.children if c.dep_ in ("nsubj", "nsubjpass") and c.i in inside):
        for relative in subject.children:
            if relative.dep_ != "relcl" or relative.i not in inside or relative.i < subject.i:
                continue
            # Set off by a comma; else restrictive ("the men who fled"), part of the name.
            edge = position.get(relative.left_edge.i)
            if not edge or clause[edge - 1].text != ",":
                continue
            first, last = position.get(subject.left_edge.i), position.get(relative.right_edge.i)
            if first is None or last is None:
                continue
            part = _trim(clause[first : last + 1])
            if sum(t.is_alpha for t in relative.subtree) >= _MIN_WORDS and len(part) < len(clause):
                return part
    return []


def _long_enough(tokens: list[Token]) -> bool:
    """Whether a sentence says enough to be a claim: _MIN_WORDS words, or one fewer when
    it names someone or gives a figure ("The measure passed 36-11.", "Senator Pell should
    resign."); "The union did." says nothing of its own."""
    words = sum(t.is_alpha or any(ch.isdigit() for ch in t.text) for t in tokens)
    if words >= _MIN_WORDS:
        return True
    return words == _MIN_WORDS - 1 and any(t.pos_ == "PROPN" or any(ch.isdigit() for ch in t.text) for t in tokens)


def _is_duration(date: Span) -> bool:
    """How long, not when: "for several years", "three months", "decades"."""
    text = date.text.casefold()
    if date.root.head.dep_ == "prep" and date.root.head.lower_ == "for":
        return True
    return bool(_DURATION.search(text)) and not _POINT.search(text)


def _dated_cue(lead: list[Token], quote: Quote) -> int | None:
    """Where a report's claim starts when its cue's own words give a date ("Gov. X
    announced Monday that ...", "In a statement on Thursday, X said ...", "The same
    day, X said ..."): when it was said is when what it announces was made known, a
    detail the claim keeps, with who said it. The start of the cue's words (its subtree
    from the left), or None when they give no date, only a duration ("It was known for
    several years that ..."), or the date is another verb's ("X joined others Tuesday
    in calling for ...", "X said Friday, noting that ...": the outlet's own claim)."""
    cue = _cue_token(lead, quote)
    if cue is None:
        return None
    words = _trim([t for t in lead if t.i >= cue.left_edge.i])
    doc = cue.doc
    for token in words:
        if token.ent_type_ != "DATE" or token.ent_iob_ != "B":
            continue
        stop = token.i + 1
        while stop < len(doc) and doc[stop].ent_iob_ == "I":
            stop += 1
        if not _is_duration(doc[token.i : stop]):
            return words[0].idx
    return None


def _introduced(clause: list[Token], quote: Quote, start: int, end: int) -> bool:
    """The quotation is what the clause reports: its cue comes shortly before it
    ("X told Fox News that ...") and nothing of substance follows it."""
    if quote.cue is None or quote.cue.start < clause[0].idx or quote.cue.end > start:
        return False
    gap = sum(1 for t in clause if quote.cue.end <= t.idx < start and t.is_alpha)
    return gap <= _MAX_GAP and not any(t.is_alpha and t.idx >= end for t in clause)


def _quoted_claims(tokens: list[Token], quotes: Sequence[Quote]) -> list[tuple[int, int, Quote]]:
    """(start, end, quote) for the direct and indirect quotations of a sentence long
    enough to state something, outermost only (a quote inside another's content is
    part of that claim)."""
    start, end = tokens[0].idx, tokens[-1].idx + len(tokens[-1])
    spans = []
    for quote in quotes:
        if quote.kind == "partial" or quote.end <= start or quote.start >= end:
            continue
        s, e = max(quote.start, start), min(quote.end, end)
        if sum(1 for t in tokens if s <= t.idx < e and t.is_alpha) >= _MIN_WORDS:
            spans.append((s, e, quote))
    spans.sort(key=lambda x: (x[0], -x[1]))
    outer: list[tuple[int, int, Quote]] = []
    for s, e, quote in spans:
        if outer and s < outer[-1][1]:
            continue  # nested in (or overlapping) the previous claim
        outer.append((s, e, quote))
    return outer


class _QuoteIndex:
    """The quotes overlapping a span, found by bisection: the claims of an article
    with thousands of quotes must not scan them all for every sentence."""

    def __init__(self, quotes: Sequence[Quote]) -> None:
        self.quotes = sorted(quotes, key=lambda q: q.start)
        self.starts = [q.start for q in self.quotes]
        self.longest = max((q.end - q.start for q in self.quotes), default=0)

    def overlapping(self, start: int, end: int) -> list[Quote]:
        low = bisect.bisect_right(self.starts, start - self.longest)
        high = bisect.bisect_left(self.starts, end)
        return [q for q in self.quotes[low:high] if q.start < end and start < q.end]


def _fronted_report(cue: Token, inside: set[int]) -> Token | None:
    """The clause a speech cue reports from before it ("X is resigning from Congress,
    he announced Friday"), when the parser hangs it on the cue as an adverbial or
    paratactic clause: a verb of its own subject, with no conjunction of its own
    ("After he resigned, he said ..." is no report)."""
    for child in cue.children:
        if child.i >= cue.i or child.i not in inside or child.dep_ not in ("advcl", "parataxis", "ccomp"):
            continue
        if child.pos_ not in ("VERB", "AUX") or not any(c.dep_ in _SUBJECTS for c in child.children):
            continue
        if any(c.dep_ == "mark" and c.i in inside for c in child.children):
            continue
        return child
    return None


def _predicate(doc: Doc, start: int, end: int) -> tuple[str | None, bool, str | None, str | None, Token | None]:
    """The main verb of a claim's span, as a lemma, whether it is negated, the class of
    event it states (`events.event_of`, read with its particle: "stepped down" ->
    "leave") and its modality: the topmost verb of the span; under a speech cue, the
    verb it reports ("he announced he is resigning" -> "resign"); under a support verb,
    its infinitive ("refused to resign" -> "resign", negated); a verb stating no event of
    its own beside an event noun gives the noun ("announced his resignation" ->
    "resignation", "leave"); a copula with a predicate noun or adjective gives "be".
    Last, the token stating the event (the verb or the event noun)."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or not len(span):
        return None, False, None, None, None
    inside = {t.i for t in span}
    tops = [t for t in span if t.head.i not in inside or t.head == t]
    verb = next((t for t in tops if t.pos_ in ("VERB", "AUX") and t.is_alpha), None)
    if verb is None and any(t.pos_ == "VERB" for t in tops):
        # A dash tagged as the main verb ("WASHINGTON ― Agent X ... was dismissed"): the verb under it.
        top = next(t for t in tops if t.pos_ == "VERB")
        verb = next((c for c in top.children if c.pos_ in ("VERB", "AUX") and c.is_alpha and c.i in inside), None)
    if verb is None:
        verb = next((t for t in span if t.pos_ == "VERB" and t.is_alpha), None)
    for _ in range(3):
        if verb is not None and (news := news_of(verb)) is not None and news.i in inside:
            verb = news
            continue
        if verb is None or not is_speech_cue(verb):
            break
        reported = next((c for c in verb.children if c.dep_ in ("ccomp", "xcomp") and c.i in inside), None)
        if reported is None:
            reported = _fronted_report(verb, inside)
        if reported is None or is_question_clause(reported):
            break  # ("did not answer whether the law protects ...": the event is not answering)
        verb = reported
    if verb is None:
        return None, False, None, None, None
    negated = is_negated(verb) or any(c.dep_ == "neg" for c in verb.head.children if verb.dep_ == "xcomp")
    inner, inner_negated, modality = event_verb(verb)
    if inner is not verb and inner.i in inside:
        # The support verb's own negation is in both: counted once.
        negated = (negated != is_negated(verb)) != inner_negated
        verb = inner
    noun = event_noun(verb)
    if noun is not None and noun.i in inside:
        predicate, event = event_class(noun)
        # "made no apologies", "gave no reason": the noun's "no" denies the event too.
        denied = any(c.dep_ == "neg" or (c.dep_ == "det" and c.lower_ == "no") for c in noun.children)
        denied = denied or denied_by_support_noun(noun)
        return predicate, negated or denied, event, modality, noun
    return verb.lemma_.casefold(), negated, event_of(phrasal(verb)), modality, verb


class _Entities:
    """The parser's named entities of one Doc, by start: `doc.ents` builds every span of
    the Doc on each call, which made asking once per claim quadratic in the article."""

    def __init__(self, doc: Doc) -> None:
        self.ents = [(e.start_char, e.end_char, e.label_, e.text) for e in doc.ents if e.label_ in KINDS]
        self.starts = [start for start, _, _, _ in self.ents]

    def named(self, start: int, end: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The names a claim's span mentions (the kinds the story's identities are made
        of): people, organisations and groups, then places."""
        who: dict[str, None] = {}
        where: dict[str, None] = {}
        for ent_start, ent_end, label, text in self.ents[bisect.bisect_left(self.starts, start) :]:
            if ent_start >= end:
                break
            if ent_end > end:
                continue
            name = clean_name(text)
            if name and any(ch.isalpha() for ch in name):
                (where if KINDS[label] == "place" else who)[name] = None
        return tuple(who), tuple(where)


def extract_claims(doc: Doc, article: Article, quotes: Sequence[Quote]) -> list[Claim]:
    """The claims of one article; `quotes` are its quotations (speakers already linked)."""
    claims: list[Claim] = []
    entities = _Entities(doc)
    # Names inside quotations are left out: the quote extraction's own index also leaves
    # out names in scare quotes, so it is not reused (benchmarks/README.md).
    people = index_people(doc, SpanIndex((q.start, q.end) for q in quotes if q.kind != "indirect"))
    resolver = Resolver(people)

    def add(
        start: int, end: int, carrier: Quote | None, rule: str, attribution: str = "", occasion: Occasion | None = None
    ) -> None:
        """`attribution`: the words around a reported claim that say how it is known
        ("It is understood that", "unverified footage shows", "he reportedly said"):
        their hedges are the claim's too. An `occasion`'s claim states its class as the
        event, about the subject of the verb it frames; `carrier` then names who spoke,
        not who states it (the outlet does)."""
        text = article.text[start:end]
        predicate, negated, stated, modality, head = _predicate(doc, start, end)
        participants, places = entities.named(start, end)
        span = doc.char_span(start, end, alignment_mode="expand")
        tokens = list(span) if span is not None else []
        speaker = carrier.speaker.name if carrier else None
        if occasion is not None:
            head = occasion.verb
        subject, actors = resolver.parties(head, {t.i for t in tokens}, tokens, speaker, carrier is not None, participants)
        if occasion is not None:
            carrier = None
        dates = tuple(
            d.model_copy(update={"governor": figure_governor(doc, d.start, d.end)})
            for d in find_dates(doc, article.published, start, end)
        )
        claims.append(
            Claim(
                id=f"{article.id}:c{len(claims) + 1}",
                article=article.id,
                text=text,
                start=start,
                end=end,
                by=speaker_entity(carrier) if carrier else None,
                quote=carrier.id if carrier else None,
                hedges=_hedges(f"{attribution} {text}"),
                quantities=tuple(
                    q.model_copy(update={"governor": figure_governor(doc, q.start, q.end)})
                    for q in with_sums(article.text, list(find_quantities(article.text, start, end)))
                ),
                dates=dates,
                rule=rule,
                confidence=CONFIDENCE["claim"] if carrier is None else CONFIDENCE["claim/quoted"],
                predicate=predicate,
                negated=negated,
                event=occasion.kind if occasion is not None else stated,
                modality=modality,
                participants=participants,
                places=places,
                subject=subject,
                actors=actors,
                frames=claim_frames(doc, tokens, dates),
            )
        )

    def add_occasion(occasion: Occasion | None, speaker: Quote | None) -> None:
        """Where the words were said, as the outlet's claim (`claim.attribution`)."""
        if occasion is not None:
            words = occasion.words
            add(words[0].idx, words[-1].idx + len(words[-1]), speaker, OCCASION_RULE, occasion=occasion)

    nearby = _QuoteIndex(quotes)
    for tokens in _sentence_pieces(doc, article):
        start, end = tokens[0].idx, tokens[-1].idx + len(tokens[-1])
        text = article.text[start:end]
        if not _long_enough(tokens) or text.rstrip(" '\"”’").endswith("?"):
            continue
        if not any(t.pos_ in ("VERB", "AUX") for t in tokens):
            continue
        overlapping = nearby.overlapping(start, end)
        left_open = {q.id for q in overlapping if _left_open(doc, q)}
        clauses = _clauses(tokens)
        for clause in clauses:
            s, e = clause[0].idx, clause[-1].idx + len(clause[-1])
            reports = _quoted_claims(clause, [q for q in overlapping if q.start < e and s < q.end])
            # A question its speaker would not answer is reported speech, but no claim of theirs.
            quoted = [report for report in reports if report[2].id not in left_open]
            inside = [q for q in overlapping if q.start < e and s < q.end and q.id not in left_open]
            covered = sum(1 for t in clause if t.is_alpha and any(qs <= t.idx < qe for qs, qe, _ in reports))
            introduced = all(_introduced(clause, q, qs, qe) for qs, qe, q in reports)
            if quoted and (covered * 2 >= sum(t.is_alpha for t in clause) or introduced):
                # The clause reports speech: its claims are what is said, split
                # into the clauses the speaker joined, and what the outlet states
                # around it.
                frame = _frame(clause, quoted[0][2], quoted[0][0])
                if frame:
                    add(frame[0].idx, frame[-1].idx + len(frame[-1]), _frame_carrier(frame, quoted[0][2]), "claim.frame")
                elif len(quoted) == 1:
                    qs, qe, quote = quoted[0]
                    cue = _cue_token(clause, quote)
                    add_occasion(_occasion(clause, cue, True, (qs, qe), closing=quote.kind == "indirect"), quote)
                for n, (qs, qe, quote) in enumerate(quoted):
                    before = quoted[n - 1][1] if n else s
                    after = quoted[n + 1][0] if n + 1 < len(quoted) else e
                    attribution = _near(article.text[before:qs], article.text[qe:after])
                    # A figure in the words introducing the quote is stated too
                    # ("officials cited only two times that ..."): the claim starts there.
                    lead = [t for t in clause if before <= t.idx < qs]
                    figured = quote.kind == "indirect" and any(t.like_num for t in lead)
                    dated = _dated_cue(lead, quote) if quote.kind == "indirect" else None
                    for p, part in enumerate(_clauses(_trim([t for t in clause if qs <= t.idx < qe]))):
                        first = lead[0].idx if figured and p == 0 else part[0].idx
                        if dated is not None and p == 0 and not figured:
                            first = dated
                        add(first, part[-1].idx + len(part[-1]), quote, "claim.quoted", attribution)
                # What the speaker did besides, after the report ("... but declined to
                # say whether ..."): a claim of its own, not part of what was said.
                conjunct = _conjunct(clause, quoted[-1][2], quoted[-1][1])
                if conjunct:
                    carrier = _frame_carrier(conjunct, quoted[-1][2])
                    add(conjunct[0].idx, conjunct[-1].idx + len(conjunct[-1]), carrier, "claim.conjunct")
                continue
            carrier = max(inside, key=lambda q: min(q.end, e) - max(q.start, s), default=None)
            reported = _reported(clause)
            if reported is not clause:
                add(
                    reported[0].idx,
                    reported[-1].idx + len(reported[-1]),
                    carrier,
                    "claim.reported",
                    _near(article.text[s : reported[0].idx], ""),
                )
                add_occasion(_clause_occasion(clause, inside), carrier)
                continue
            add(s, e, carrier, "claim.sentence" if len(clauses) == 1 else "claim.clause")
            occasion = _clause_occasion(clause, inside)
            if occasion is not None and len(occasion.words) < len(clause):
                add_occasion(occasion, carrier)
            # A quotation too short to be the clause's claim still leaves the outlet's
            # statement it hangs on ("She made no apologies, proclaiming that ...").
            spoken = [q for q in inside if q.kind != "partial" and q.cue is not None and q.start > s]
            frame = _frame(clause, spoken[0], spoken[0].start) if carrier is not None and spoken else []
            if frame and frame[-1].idx + len(frame[-1]) < e:
                add(frame[0].idx, frame[-1].idx + len(frame[-1]), _frame_carrier(frame, spoken[0]), "claim.frame")
            described = _described(clause)
            if described:
                add(described[0].idx, described[-1].idx + len(described[-1]), carrier, "claim.relative")
    return claims
