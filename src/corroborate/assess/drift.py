"""Attribution drift: one utterance credited to two different people.

A quote group drifts when two of its quoted members (direct or partial: words put in
someone's mouth, not loose reports) are credited to two different identities, each
resolved with confidence. A false drift tells a reader that an outlet misattributed a
quotation when it did not, so every sign that the credit or the match is weak lowers
the confidence:

- two names of one person left unmerged ("John Boehner" / "John A. Boehner",
  "Clinton" / "Hillary Clinton"): names that may be one person never make drift;
- an outlet taken for a speaker ("posted online by the newspaper The Hill"), an
  unnamed or unresolved speaker, a place: not an identity, never drift;
- a credit found by a weak rule: a pronoun or a relative pronoun ("he added",
  "who called"), a name in another paragraph than the cue, a continuation far from
  the name it continues, an inferred link;
- a quote within a quote: the speaker quoting someone else's words;
- a joint statement ("Lee and Ray said"): two people saying the same words on purpose;
- a short phrase quoted from three or more people (a slogan, the story's catchword
  "national emergency"), or a fragment that matches only by stem ("deeply troubled" /
  "deeply troubling"): the same words, not the same utterance;
- a short phrase (a fragment of a few content words, a sentence of one or two)
  credited to two people of whom neither speaks for the other ("contained", "no
  reasonable prosecutor", "not quite there yet", "I never said that"): people echo,
  answer and mock each other's words, so a phrase says little of who first said it.
  A spokesperson's or a lawyer's words credited to whom they speak for are the
  misattribution drift is about, however short;
- renderings that differ in their content words may be two utterances grouped together;
- both credits in one article, neither speaker speaking for the other: its writer
  quotes two people using the same words (an echo, a reply), or a headline's words
  were taken for a quotation. A headline crediting the governor with his
  spokeswoman's words stays drift.

Confident drift sets `attribution_drift`; weaker drift leaves it false and sets
`drift_check` (shown as "check"), with the confidence, the two credits it rests on
(`drift_evidence`) and why it is uncertain (`drift_note`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from corroborate.align.differences import content_stems, edge_normalised, words
from corroborate.assess.principals import leaders_of, principals
from corroborate.model import Article, DriftEvidence, Entity, Quote, QuoteGroup
from corroborate.nlp.names import (
    FEMALE_FIRST_NAMES,
    FEMALE_WORDS,
    MALE_FIRST_NAMES,
    MALE_WORDS,
    PRONOUN_GENDER,
    clean_name,
    name_key,
)

DRIFT_CONFIDENCE = 0.6  # at or above: attribution drift
CHECK_CONFIDENCE = 0.4  # at or above (and below drift): "check"
CORRECTED_RULE = "correction.fix_speaker"  # a speaker a person set (`corroborate.corrections`): trusted

_PRONOUNS = frozenset("he she they it we i you him her them us who whom which that this his its their".split())
_IDENTITY_KINDS = ("person", "organization")
_SUFFIXES = frozenset("jr sr ii iii iv".split())
_SOLE_ANTECEDENT_FACTOR = 0.8  # a pronoun credit whose paragraph names only that person before it
_PHRASE_WORDS = 3  # a rendering of at most this many content words is a phrase others may use
_PHRASE_SPEAKERS = 3  # a phrase quoted from this many people is common speech, not one utterance
_FRAGMENT_WORDS = 3  # a partial quote this short must match word for word to credit an utterance
_MISSPELT_LENGTH = 5  # surnames at least this long one slip apart may be one misspelt name
_SENTENCE_PHRASE_WORDS = 2  # a whole quoted sentence this short ("I never said that") is a phrase too
_TITLE_WORDS = 6  # a quotation of at most this many words, all capitalised, reads as a title
_TITLE_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_TITLE_SMALL_WORDS = frozenset("a an and at by for in of on or the to with".split())
_MARKS = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})
_JOINT = re.compile(r"\bjoint(?:ly)?\b|\btogether\b", re.I)
_OPENING_MARK = re.compile(r"(?:^|(?<=[\s(:,;—–-]))[‘“\"']")
_CLOSING_MARK = re.compile(r"(?<=\S)[’”\"'](?=$|[\s).,;:!?—–-])")


@dataclass(frozen=True)
class _Credit:
    quote: Quote
    entity: str
    name: str
    confidence: float
    reasons: tuple[str, ...]
    start: int  # the member's span in the article
    end: int


@dataclass(frozen=True)
class _Story:
    """What judging a credit needs to know about the whole story."""

    texts: dict[str, str]  # article id -> text
    entities: dict[str, Entity]
    outlet_keys: frozenset[str]  # the outlets' names (`_outlet_key`): not speakers
    quotes: Sequence[Quote]
    principals: dict[str, str]  # entity id of a spokesperson, aide or lawyer -> whom they speak for
    leaders: dict[str, frozenset[str]]  # organisation entity id -> the people who may lead it (`leaders_of`)
    # article id -> its entity mentions in order: (start, entity id, end), for `_only_person_before`
    mentions: dict[str, list[tuple[int, str, int]]]
    genders: dict[str, str]  # person entity id -> "f" or "m" as the texts tell, "?" when they disagree


def assess_drift(
    groups: Sequence[QuoteGroup],
    quotes: Sequence[Quote],
    entities: Sequence[Entity],
    articles: Sequence[Article],
    outlet_names: Iterable[str] = (),
) -> list[QuoteGroup]:
    """The groups with their drift fields set from the quotes' credits. `outlet_names`:
    outlets the story names besides the articles' own (cited outlets, channels)."""
    outlets = {a.outlet for a in articles if a.outlet} | {q.channel for q in quotes if q.channel} | set(outlet_names)
    story = _Story(
        texts={a.id: a.text for a in articles},
        entities={e.id: e for e in entities},
        outlet_keys=frozenset(_outlet_key(o) for o in outlets),
        quotes=quotes,
        principals=principals(entities),
        leaders=leaders_of(entities),
        mentions=_mentions_by_article(entities),
        genders=_genders(entities, {a.id: a.text for a in articles}),
    )
    by_id = {q.id: q for q in quotes}
    return [_assess_group(group, by_id, story) for group in groups]


def _assess_group(group: QuoteGroup, quotes: dict[str, Quote], story: _Story) -> QuoteGroup:
    credits = [c for m in group.members if (q := quotes.get(m.quote)) and (c := _credit(q, m.start, m.end, story))]
    differences = {frozenset((p.a, p.b)): p.difference for p in group.pairs}
    best: tuple[float, _Credit, _Credit, tuple[str, ...]] | None = None
    for i, a in enumerate(credits):
        for b in credits[i + 1 :]:
            if a.entity == b.entity or may_be_one_person(a.name, b.name):
                continue
            difference = differences.get(frozenset((a.quote.id, b.quote.id)))
            if difference is None:
                continue  # two fragments of one rendering are not compared
            factor, reasons = _match(a, b, difference, story)
            confidence = round(min(a.confidence, b.confidence) * factor, 3)
            if best is None or confidence > best[0]:
                best = (confidence, a, b, (*a.reasons, *b.reasons, *reasons))
    update: dict[str, object] = {
        "attribution_drift": False,
        "drift_confidence": None,
        "drift_check": False,
        "drift_evidence": (),
        "drift_note": None,
    }
    if best is not None:
        confidence, a, b, why = best
        update.update(
            attribution_drift=confidence >= DRIFT_CONFIDENCE,
            drift_confidence=confidence,
            drift_check=CHECK_CONFIDENCE <= confidence < DRIFT_CONFIDENCE,
            drift_evidence=tuple(_evidence(c) for c in (a, b)),
            drift_note="; ".join(dict.fromkeys(why)) or None,
        )
    return group.model_copy(update=update)


def _evidence(credit: _Credit) -> DriftEvidence:
    speaker = credit.quote.speaker
    return DriftEvidence(
        quote=credit.quote.id,
        entity=credit.entity,
        name=credit.name,
        mention=speaker.mention,
        rule=credit.quote.rule,
        confidence=round(credit.confidence, 3),
    )


# -- one credit ---------------------------------------------------------------------------------


def _credit(quote: Quote, start: int, end: int, story: _Story) -> _Credit | None:
    """How far the quote's credit to a named identity can be trusted, or None when it
    credits no identity (unnamed, unresolved, an outlet, a place, a report in other words)."""
    speaker = quote.speaker
    entity = story.entities.get(speaker.entity or "")
    if quote.kind == "indirect" or not speaker.name or entity is None or entity.kind not in _IDENTITY_KINDS:
        return None
    if _outlet_key(entity.name) in story.outlet_keys or _outlet_key(speaker.name) in story.outlet_keys:
        return None  # "posted online by the newspaper The Hill": an outlet, not a speaker
    if quote.rule == CORRECTED_RULE:
        return _Credit(quote, entity.id, entity.name, 1.0, (), start, end)
    text = story.texts.get(quote.article, "")
    confidence, reasons = quote.confidence, []
    mention = speaker.mention
    said = mention.text if mention else ""
    if "pronoun" in quote.rule or name_key(said) in _PRONOUNS:
        # A pronoun whose paragraph names no one but that person before it is a firmer
        # credit than one with several people to choose from.
        sole = mention is not None and _only_person_before(mention.start, quote.article, entity.id, story, said)
        confidence *= _SOLE_ANTECEDENT_FACTOR if sole else 0.6
        reasons.append(f"{speaker.name} is credited through the pronoun “{said or '?'}”")
    if mention is not None and text:
        if "continuation" in quote.rule:
            if _paragraph_breaks(text, mention.end, quote.start) > 3:
                confidence *= 0.6
                reasons.append(f"{speaker.name} is credited from a name several paragraphs earlier")
        elif quote.cue is not None:
            low, high = min(mention.start, quote.cue.start), max(mention.end, quote.cue.end)
            if _paragraph_breaks(text, low, high):
                confidence *= 0.5
                reasons.append(f"the name {speaker.name} is in another paragraph than the words “{quote.cue.text}”")
    if speaker.inferred:
        confidence *= 0.6
        reasons.append(f"the link to {speaker.name} is an inference")
    if _inside_inner_quote(quote, start):
        confidence *= 0.5
        reasons.append(f"{speaker.name} is quoting someone else's words")
    return _Credit(quote, entity.id, entity.name, confidence, tuple(reasons), start, end)


def _mentions_by_article(entities: Sequence[Entity]) -> dict[str, list[tuple[int, str, int]]]:
    found: dict[str, list[tuple[int, str, int]]] = {}
    for e in entities:
        for m in e.mentions:
            found.setdefault(m.article, []).append((m.start, e.id, m.end))
    for listed in found.values():
        listed.sort()
    return found


_TITLE_BEFORE = re.compile(r"\b(?P<title>Mr|Mrs|Ms|Miss)\.?\s*$")
_TITLE_OPENING = re.compile(r"(?P<title>Mr|Mrs|Ms|Miss)\b\.?\s")
# The first gendered pronoun of the rest of a mention's sentence, no other name between
# ("Tara Reid has seemingly spent the last decade out and about, but her latest ...").
_PRONOUN_AFTER = re.compile(r"[^.!?\n“”\"A-Z]*?\b(?P<pronoun>he|his|him|she|her)\b")


def _genders(entities: Sequence[Entity], texts: dict[str, str]) -> dict[str, str]:
    """Person -> gender as the story tells it: courtesy titles ("Ms. Varga") and gendered
    roles ("a spokeswoman for the governor") weigh most, then a first name common for
    one gender, then the pronoun a mention's sentence goes on with ("Tara Reid has spent
    ..., but her latest"); "?" when the signs disagree."""
    found = {}
    for entity in entities:
        if entity.kind != "person":
            continue
        votes = {"f": 0, "m": 0}
        for m in entity.mentions:
            text = texts.get(m.article, "")
            if title := _TITLE_BEFORE.search(text[max(0, m.start - 6) : m.start]) or _TITLE_OPENING.match(m.text):
                votes["m" if title.group("title") == "Mr" else "f"] += 3
            elif pronoun := _PRONOUN_AFTER.match(text, m.end, min(len(text), m.end + 120)):
                votes[PRONOUN_GENDER[pronoun.group("pronoun").casefold()]] += 1
        for role in entity.roles:
            if said := _role_gender(role.text):
                votes[said] += 3
        first = entity.name.split()[0].casefold() if entity.name.split() else ""
        if first in FEMALE_FIRST_NAMES or first in MALE_FIRST_NAMES:
            votes["f" if first in FEMALE_FIRST_NAMES else "m"] += 2
        more, fewer = max(votes.values()), min(votes.values())
        if more:
            found[entity.id] = max(votes, key=lambda g: votes[g]) if more >= 2 * fewer and more > fewer else "?"
    return found


def _role_gender(role: str) -> str | None:
    """The gender a role's own noun tells ("a spokeswoman for the governor": f); not a
    possessor's ("the congressman's wife": f) nor a title of someone it names ("an aide
    to Mr. Voss": none)."""
    for match in re.finditer(r"[A-Za-z]+(?P<possessive>['’]s\b)?", role):
        word = match.group().casefold()
        if match.group("possessive") or word in _COURTESY:
            continue
        if word in FEMALE_WORDS:
            return "f"
        if word in MALE_WORDS:
            return "m"
    return None


_COURTESY = frozenset("mr mrs ms miss sir madam".split())


def _only_person_before(at: int, article: str, entity: str, story: _Story, pronoun: str = "") -> bool:
    """Whether `entity` is the one person the paragraph names before offset `at` that the
    pronoun can stand for ("she": not a man the text calls "Mr."), and of the pronoun's
    gender as far as the story tells; the paragraph before is read when the pronoun's own
    names no one before it ("He told Fox News ...", ""...," he said."). The NER's
    "organisation" named by the person's surname is the person ("Corliss insisted")."""
    gender = PRONOUN_GENDER.get(pronoun.casefold())
    if gender is not None and story.genders.get(entity, gender) != gender:
        return False  # "he" credited to a woman, or to someone the story calls both: no firm credit
    text = story.texts.get(article, "")
    start = text.rfind("\n", 0, at) + 1
    named = _people_named(start, at, article, entity, story, gender)
    if not named:
        start = text[:start].rstrip().rfind("\n") + 1
        named = _people_named(start, at, article, entity, story, gender)
    return named == {entity}


def _people_named(start: int, at: int, article: str, entity: str, story: _Story, gender: str | None) -> set[str]:
    """The people of `gender` (any, when None) named in the article between `start` and `at`."""
    surname = story.entities[entity].name.split()[-1] if entity in story.entities else ""
    listed = story.mentions.get(article, [])
    text = story.texts.get(article, "")
    named = set()
    first = bisect.bisect_left(listed, (start, ""))
    for n in range(first, bisect.bisect_left(listed, (at, ""))):
        offset, other, end = listed[n]
        found = story.entities.get(other)
        if n > first and listed[n - 1][1] == entity and _possessor_in_apposition(text, listed[n - 1][2], offset, end):
            continue  # "Trent Dolby, Mr. Brennick's campaign manager, went further": Dolby's role
        if found is not None and found.kind == "person":
            if gender is None or story.genders.get(other, gender) == gender:
                named.add(other)
        elif found is not None and found.name == surname:
            named.add(entity)
    return named


# The words between a name and a person its apposition names as the possessor of its
# role ("Trent Dolby, Mr. Brennick's campaign manager"), and the possessive after.
_APPOSITION_OPENING = re.compile(r",\s+(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?")
_POSSESSIVE_ROLE = re.compile(r"['’]s\s+(?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*\s*,")


def _possessor_in_apposition(text: str, name_end: int, start: int, end: int) -> bool:
    """Whether the mention at [start, end) only owns the role of the name just before
    it: ", Mr. Brennick's campaign manager,". A pronoun after it goes on from the name."""
    return bool(_APPOSITION_OPENING.fullmatch(text, name_end, start) and _POSSESSIVE_ROLE.match(text, end))


def _paragraph_breaks(text: str, start: int, end: int) -> int:
    return len(re.findall(r"\n\s*", text[max(0, start) : max(start, end)]))


def _inside_inner_quote(quote: Quote, start: int) -> bool:
    """True when the member starts inside a quotation the quote itself holds."""
    before = quote.text[: max(0, start - quote.start)]
    return len(_OPENING_MARK.findall(before)) > len(_CLOSING_MARK.findall(before))


def _quoted_within(words_: str, quote: Quote) -> bool:
    """The words stand inside a quotation that `quote` itself holds ("My son asked me,
    'Nobody crosses…'"): its speaker quotes someone else."""
    needle = edge_normalised(words_).casefold()
    at = quote.text.translate(_MARKS).casefold().find(needle) if needle else -1
    return at > 0 and _inside_inner_quote(quote, quote.start + at)


def _outlet_key(name: str) -> str:
    return re.sub(r"^the ", "", name_key(name))


def may_be_one_person(a: str, b: str) -> bool:
    """Two names one person may go by: the same surname, and given names that agree
    where both have one ("Clinton" / "Hillary Clinton", "John Boehner" / "John A.
    Boehner", "J. Smith" / "Jane Smith", "W. Mark Felt" / "Mark Felt"); a surname may be misspelt by two letters
    swapped or one letter off ("Jurinksy", "Welzler")."""
    pa = [w for w in name_key(clean_name(a)).split() if w not in _SUFFIXES]
    pb = [w for w in name_key(clean_name(b)).split() if w not in _SUFFIXES]
    if not pa or not pb:
        return False
    if pa == pb:
        return True
    if pa[-1] != pb[-1] and not _misspelt(pa[-1], pb[-1]):
        return False
    if len(pa) == 1 or len(pb) == 1:
        return True
    return any(x == y or (min(len(x), len(y)) == 1 and x[0] == y[0]) for x in _given_names(pa) for y in _given_names(pb))


def _given_names(words: list[str]) -> list[str]:
    """The given name a person goes by: the first word, or the second after a leading
    initial ("W. Mark Felt" goes by Mark, as "Mark Felt"; "H. Ross Perot" by Ross)."""
    return words[:2] if len(words) > 2 and len(words[0]) == 1 else words[:1]


def _misspelt(a: str, b: str) -> bool:
    """Two surnames one slip apart, neither short: two letters swapped, one letter off,
    added or missing ("Jurinksy" / "Jurinsky", "Wetzler" / "Welzler", "Heffner" /
    "Hefner"; optimal string alignment distance 1): an outlet's misspelling as often as
    two people."""
    return min(len(a), len(b)) >= _MISSPELT_LENGTH and OSA.distance(a, b) == 1


# -- one match between two credits --------------------------------------------------------------


def _content(text: str) -> list[str]:
    return list(content_stems(text))


def _match(a: _Credit, b: _Credit, difference: str, story: _Story) -> tuple[float, list[str]]:
    """How surely the two members are one utterance credited twice (a factor in [0, 1])."""
    text_a = story.texts.get(a.quote.article, "")[a.start : a.end]
    text_b = story.texts.get(b.quote.article, "")[b.start : b.end]
    (short, short_text), (long, long_text) = sorted([(a, text_a), (b, text_b)], key=lambda item: len(_content(item[1])))
    factor, reasons = 1.0, []
    stems = _content(short_text)
    phrase_words = _PHRASE_WORDS if short.quote.kind == "partial" else _SENTENCE_PHRASE_WORDS
    if difference in ("paraphrase", "substantive"):
        shared = set(stems) & set(_content(long_text))
        alike = fuzz.ratio(" ".join(words(text_a)), " ".join(words(text_b)))
        if alike < 80:
            factor *= 0.7 if len(shared) >= 0.6 * max(1, len(set(stems))) else 0.4
            reasons.append("the two renderings differ in their content words")
    if short.quote.kind == "partial" and len(stems) <= _FRAGMENT_WORDS:
        inner = words(short_text, expand=True)
        outer = words(long_text, expand=True)
        if not any(outer[i : i + len(inner)] == inner for i in range(len(outer) - len(inner) + 1)):
            factor *= 0.5
            reasons.append(f"“{short_text.strip()}” matches the other words only in part")
    speaks_for = _speaks_for(a, b, story)
    if len(set(stems)) <= _PHRASE_WORDS and not speaks_for and _speakers_using(frozenset(stems), story) >= _PHRASE_SPEAKERS:
        factor *= 0.3
        reasons.append(f"several people are quoted using the words “{short_text.strip()}”")
    elif len(set(stems)) <= phrase_words and not speaks_for:
        factor *= 0.5
        reasons.append(f"“{short_text.strip()}” is a short phrase {a.name} and {b.name} may both have used")
    if _reads_as_title(short_text):
        factor *= 0.3
        reasons.append(f"“{short_text.strip()}” reads as a name or a title, not words someone said")
    if _quoted_within(short_text, long.quote):
        factor *= 0.3
        reasons.append(f"{long.name} is quoting the words “{short_text.strip()}” from someone else")
    if _joint(a, b, story) or _joint(b, a, story):
        factor *= 0.3
        reasons.append(f"{a.name} and {b.name} are named together as speakers")
    if a.quote.article == b.quote.article and not speaks_for:
        factor *= 0.5
        reasons.append(f"one article credits the words to both {a.name} and {b.name}")
    return factor, reasons


def _reads_as_title(text: str) -> bool:
    """Whether quoted words are a title or a name ("American Pie", "Operation Night
    Watch"): a few words, each capitalised but the small words of a title. A film's or a
    bill's name quoted by two people is no utterance credited twice."""
    found = _TITLE_WORD.findall(text)
    return (
        0 < len(found) <= _TITLE_WORDS and all(w[0].isupper() or w in _TITLE_SMALL_WORDS for w in found) and found[0][0].isupper()
    )


def _speaks_for(a: _Credit, b: _Credit, story: _Story) -> bool:
    """One of the two speaks for the other ("a spokeswoman for the governor")."""
    for speaker, other in ((a, b), (b, a)):
        principal = story.principals.get(speaker.entity)
        if principal is not None and (principal == other.entity or other.entity in story.leaders.get(principal, ())):
            return True
    return False


def _speakers_using(stems: frozenset[str], story: _Story) -> int:
    """How many different people (by surname) the story quotes using all these words."""
    if not stems:
        return 0
    surnames = set()
    for quote in story.quotes:
        if quote.speaker.name and stems <= set(_content(quote.text)):
            parts = name_key(clean_name(quote.speaker.name)).split()
            surnames.add(parts[-1] if parts else quote.speaker.name)
    return len(surnames)


def _joint(credit: _Credit, other: _Credit, story: _Story) -> bool:
    """The credit's article names the other person beside the speaker ("Lee and Ray
    said"), or calls the words a joint statement."""
    mention = credit.quote.speaker.mention
    text = story.texts.get(credit.quote.article, "")
    if mention is None or not text:
        return False
    paragraph_start = text.rfind("\n", 0, min(mention.start, credit.quote.start)) + 1
    paragraph_end = text.find("\n", max(mention.end, credit.quote.end))
    paragraph = text[paragraph_start : paragraph_end if paragraph_end >= 0 else len(text)]
    if _JOINT.search(paragraph) and re.search(r"\bstatement\b", paragraph, re.I):
        return True
    other_surname = name_key(clean_name(other.name)).split()[-1:]
    own = name_key(mention.text).split()[-1:]
    if not other_surname or not own:
        return False
    near = name_key(text[max(0, mention.start - 60) : mention.end + 60])
    between = r"\s+(?:\S+\s+){0,3}?(?:and|&)\s+(?:\S+\s+){0,3}?"
    x, y = re.escape(other_surname[0]), re.escape(own[0])
    return bool(re.search(rf"\b{x}{between}{y}\b|\b{y}{between}{x}\b", near))
