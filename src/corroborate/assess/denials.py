"""Denials found in a story's claims: a named party denying what another asserts.

A denial is a denial verb (`DENIAL_CUES`: "denied", "disputed", "rejected" ...) whose
subject is a named party: an entity mentioned just before it ("which Farenthold has
repeatedly denied", "Long on Monday also denied"), else the speaker of the claim
carrying it ("he ... rejected assertions that ..."). A verb of intent or a negated
one ("voted to reject", "did not deny") and the other sense ("denied to them") deny
nothing. What it denies is read from its object:

- a clause ("denied that ...", "rejected assertions that ..."): the claims sharing
  at least _MIN_SHARED of its content words;
- a demonstrative and a speech noun ("disputed that characterization"): the claim
  just before it in its article;
- a speech noun ("deny the allegations", "the accusations, which X denied"): claims
  whose attribution uses that noun's verb ("claimed", "accused") and that name the
  denier.

A party's verdict on what another said denies it too: "What he said is just flat
wrong", "Voss's claims are false", "That is not true". Its subject names whose words
it judges (a name, or "he"/"that": the nearest earlier claim of another party in the
article), and it denies that party's nearest earlier claim there.

A party's denial in the fewest words ("The senator did not fall," her spokeswoman
said) denies the claim of that act about the party however it is told (`bare_denial`,
which `claim_status` asks of a party's negation of itself).

A party never disputes its own claim."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from corroborate.align.claim_features import event_key
from corroborate.align.differences import content_words, stem, words
from corroborate.align.figure_pairs import near_figures
from corroborate.align.segments import quoted_parts
from corroborate.model import Claim, Entity
from corroborate.nlp.lexicon import DENIAL_CUES, SPEECH_NOUNS
from corroborate.nlp.names import ROLE_WORDS

_VERB = re.compile(r"\b(?:" + "|".join(sorted(DENIAL_CUES, key=len, reverse=True)) + r")\b", re.I)
# Words that make the verb no act of denying: intent, modality, negation, a passive.
_NOT_DENYING = re.compile(
    r"(?:(?<!continued )(?<!continues )(?<!continue )\bto|\bwould|\bcould|\bmight|\bmay|\bwill|\bshall|\bshould|"
    r"\bmust|\bcan|\bnot|\bnever|n't|\bpreviously|\bbeen|\bbe|\bbeing|\bwho|\bor)\s+$",
    re.I,
)
_MAX_GAP_WORDS = 4  # "Farenthold has repeatedly denied", "Democrats in the room disputed"
_GAP = re.compile(r"^[\s\w.'’-]*$")  # no comma, clause or quote between the subject and its verb
_SPEECH = SPEECH_NOUNS | frozenset(
    "characterization characterisation account accounts version report reports notion idea suggestions "
    "allegation charges assertion criticism criticisms".split()
)
# Nouns of an accusation and the verbs that make one: "the allegations" Greene "claimed".
_ACCUSING = frozenset(["alleg", "accus", "claim", "charg"])
# The verb making it, not the noun again ("claimed", "alleging", "accuses"; not "allegations").
_VERB_FORM = re.compile(r"\b([a-z]+(?:ed|ing)|alleges?|accuses?)\b", re.I)
_DEMONSTRATIVE = re.compile(rf"^\s+(?:that|this|those|these)\s+(?P<noun>{'|'.join(sorted(_SPEECH))})\b", re.I)
_NOUN_OBJECT = re.compile(
    rf"^\s+(?:the|his|her|its|their|such|any|all|those|these)?\s*(?:[\w'’-]+\s+){{0,6}}?(?P<noun>{'|'.join(sorted(_SPEECH))})\b"
    r"(?P<that>\s+that\b)?",
    re.I,
)
_RELATIVE = re.compile(rf"\b(?P<noun>{'|'.join(sorted(_SPEECH))}),?\s+which\s+[\w\s.'’-]*$", re.I)
# A verdict on another's words: "What he said is just flat wrong", "his comments were
# offensive and wrong", "Voss's claim is false", "That is not true", "that was not so",
# "that isn't true", "That number is a fantasy", "The governor's numbers are fiction"
# (`_FIGURES`: nouns of someone's figures a verdict may judge).
_FIGURES = r"(?:numbers?|figures?|estimates?|math|projections?|count)"
_VERDICT = re.compile(
    r"^[\s\"'“‘]*(?:(?:but|and|so)\s+)?(?P<subject>what\s+(?:he|she|they)\s+(?:said|says|claimed|claims|told\s+\w+)|"
    r"(?:his|her|their|the\s+(?P<role>[a-z]+)['’]s|(?P<name>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2})['’]s?)\s+"
    rf"(?:comments?|remarks?|claims?|statements?|assertions?|allegations?|accusations?|account|{_FIGURES})|"
    rf"(?:that|this|those)(?:\s+(?:claim|claims|allegation|allegations|account|story|report|statement|{_FIGURES}))?)\s*"
    r"(?:(?:is|was|are|were|['’]s)\s+(?:(?!not\b|never\b)[a-z]+\s+){0,4}?"
    r"(?P<verdict>wrong|false|untrue|not\s+(?:true|so|accurate|correct)|incorrect|inaccurate|a\s+lie|lies|baseless|nonsense|"
    r"(?:a\s+)?fantasy|(?:a\s+)?fiction|made\s+up|bogus)"
    r"|(?:isn|wasn|aren|weren)['’]t\s+(?:true|so|accurate|correct))"
    r"(?=\s*(?:$|[,.;:!?\"”’]|\s(?:and|but|in addition)\b))",
    re.I,
)
# A verdict on a figure itself: "The $27 million is a number somebody made up in a
# spreadsheet", "That 1,400 figure is wildly inflated": it denies every other party's
# claim giving that figure.
_FIGURE_VERDICT = re.compile(
    rf"^[\s\"'“‘]*(?:(?:but|and|so)\s+)?(?:the|that|this|their|his|her)\s+(?P<figure>\$?\d[\d.,]*(?:\s+(?:million|billion|percent))?)"
    rf"(?:\s+{_FIGURES})?\s+(?:is|was|are|were|['’]s)\s+(?:(?!not\b|never\b)[a-z]+\s+){{0,4}}?"
    r"(?:wrong|false|untrue|not\s+(?:true|accurate|correct)|incorrect|inaccurate|a\s+lie|baseless|nonsense|(?:a\s+)?fantasy|"
    r"(?:a\s+)?fiction|made\s+up|bogus|inflated|exaggerated|invented)\b",
    re.I,
)
# A verdict the claim's own sentence reports its speaker giving: "The clerk, Ben Osei,
# said that was not so."
_SAID_VERDICT = re.compile(r"\b(?:said|says|insisted|insists|countered|counters|replied|replies|responded|responds)\s+")
_MIN_SHARED = 2
_SHARE = 0.5  # of a denied clause's content words a claim it denies carries
_ATTRIBUTION = 60  # characters before a claim where its cue is ("Greene claimed ...")
_FAMILY = 5  # letters a noun and its verb share: "allegation"/"alleged", "accusation"/"accused"


def _family(word: str) -> str:
    return word.casefold()[:_FAMILY]


def _content(text: str) -> set[str]:
    """`content_words`, each cut to its first six letters ("allegations" / "alleged")."""
    return {word[:6] for word in content_words(text)}


def find_denials(
    claims: Sequence[Claim], entities: Sequence[Entity], texts: dict[str, str], party: dict[str, str]
) -> dict[int, tuple[str, int]]:
    """Claim index -> (entity id of the party denying it, index of the claim carrying
    the denial)."""
    mentions: dict[str, list[tuple[str, int, int, str]]] = {}  # article -> its mentions, in order
    named: dict[str, list[tuple[str, int, int]]] = {}  # entity -> its mentions
    for e in entities:
        for m in e.mentions if e.kind != "place" else ():
            mentions.setdefault(m.article, []).append((m.article, m.start, m.end, e.id))
            named.setdefault(e.id, []).append((m.article, m.start, m.end))
    for listed in mentions.values():
        listed.sort(key=lambda m: m[1])
    by_article: dict[str, list[int]] = {}
    for index, claim in enumerate(claims):
        by_article.setdefault(claim.article, []).append(index)
    for indices in by_article.values():
        indices.sort(key=lambda i: claims[i].start)
    result: dict[int, tuple[str, int]] = {}
    # A role (`ROLE_WORDS`' key) -> the people holding it ("the governor's numbers": whose).
    roles: dict[str, set[str]] = {}
    for e in entities:
        for role in e.roles if e.kind == "person" else ():
            for word in re.findall(r"[a-z]+\.?", role.text.casefold()):
                if (key := ROLE_WORDS.get(word) or ROLE_WORDS.get(word.rstrip("."))) is not None:
                    roles.setdefault(key, set()).add(e.id)
    for index, claim in enumerate(claims):
        for verb in _VERB.finditer(claim.text):
            before, after = claim.text[: verb.start()], claim.text[verb.end() :]
            if _NOT_DENYING.search(before) or re.match(r"\s+to\b", after):
                continue
            denier = _subject(claim, verb.start(), mentions.get(claim.article, []))
            denier = party.get(denier, denier) if denier else None
            if denier is None:
                continue
            for target in _targets(claims, index, before, after, by_article, texts, named.get(denier, [])):
                if party.get(claims[target].by or "", claims[target].by) != denier:
                    result.setdefault(target, (denier, index))
    for index, claim in enumerate(claims):
        if claim.by and (judged := _judged(claims, index, by_article, mentions.get(claim.article, []), party, roles)) is not None:
            result.setdefault(judged, (party.get(claim.by, claim.by), index))
        if claim.by:
            for target in _figure_judged(claims, index, party):
                result.setdefault(target, (party.get(claim.by, claim.by), index))
    return result


def _figure_judged(claims: Sequence[Claim], index: int, party: dict[str, str]) -> list[int]:
    """The claims a speaker's verdict on a figure ("The $27 million is a number somebody
    made up") denies: every other party's claim giving a figure near it."""
    claim = claims[index]
    found = _FIGURE_VERDICT.match(claim.text)
    if found is None or claim.by is None:
        return []
    at = claim.start + found.start("figure")
    judged = [q for q in claim.quantities if q.start <= at < q.end or at <= q.start < claim.start + found.end("figure")]
    if not judged:
        return []
    denier = party.get(claim.by, claim.by)
    return [
        i
        for i, other in enumerate(claims)
        if i != index
        and party.get(other.by or "", other.by) != denier
        and any(near_figures(q, f) for q in other.quantities for f in judged)
    ]


def _judged(
    claims: Sequence[Claim],
    index: int,
    by_article: dict[str, list[int]],
    mentions: Sequence[tuple[str, int, int, str]],
    party: dict[str, str],
    roles: dict[str, set[str]] | None = None,
) -> int | None:
    """The claim a speaker's verdict ("What he said is flat wrong") denies: the nearest
    earlier claim in its article of the party its subject names (by name, or by a role
    one person of the story holds: "the governor's numbers"), or of the nearest other
    party when it names none ("he", "that")."""
    claim = claims[index]
    found, shift = _VERDICT.match(claim.text), 0
    if found is None and (said := _SAID_VERDICT.search(claim.text)) is not None:
        found, shift = _VERDICT.match(claim.text[said.end() :]), said.end()  # "Osei said that was not so"
    if found is None or claim.by is None:
        return None
    denier = party.get(claim.by, claim.by)
    named = None
    if found.group("name"):
        start, end = claim.start + shift + found.start("name"), claim.start + shift + found.end("name")
        named = next((e for _a, s, en, e in mentions if start <= s and en <= end), None)
        if named is None:
            return None
        named = party.get(named, named)
    elif found.group("role"):
        holders = (roles or {}).get(ROLE_WORDS.get(found.group("role").casefold(), ""), set())
        if len(holders) != 1:
            return None
        named = party.get(next(iter(holders)), next(iter(holders)))
    order = by_article[claim.article]
    for other in reversed(order[: order.index(index)]):
        speaker = claims[other].by
        speaker = party.get(speaker, speaker) if speaker else None
        if claims[other].end > claim.start or speaker is None or speaker == denier:
            continue
        if named is None or speaker == named:
            return other
    return None


def _subject(claim: Claim, offset: int, mentions: Sequence[tuple[str, int, int, str]]) -> str | None:
    """The entity named just before the verb (a few words, nothing between that
    starts another clause), else the claim's speaker when no one else is named
    before it ("he said ... and rejected")."""
    verb_at = claim.start + offset
    named_before = False
    nearest = None
    for _article, start, end, entity in mentions:
        if end > verb_at or start < claim.start - _ATTRIBUTION:
            continue
        if start >= claim.start:
            named_before = True
        nearest = (end, entity)
    if nearest is not None and nearest[0] >= claim.start:
        gap = claim.text[nearest[0] - claim.start : offset]
        if len(gap.split()) <= _MAX_GAP_WORDS and _GAP.match(gap):
            return nearest[1]
    return claim.by if claim.by and not named_before else None


def _targets(
    claims: Sequence[Claim],
    index: int,
    before: str,
    after: str,
    by_article: dict[str, list[int]],
    texts: dict[str, str],
    named: Sequence[tuple[str, int, int]],
) -> list[int]:
    claim = claims[index]
    if _DEMONSTRATIVE.match(after) is not None:
        order = by_article[claim.article]
        earlier = [i for i in order[: order.index(index)] if claims[i].end <= claim.start]
        return earlier[-1:]
    noun = (found.group("noun") if (found := _NOUN_OBJECT.match(after)) and not found.group("that") else None) or (
        rel.group("noun") if (rel := _RELATIVE.search(before)) else None
    )
    if noun is not None:
        return [i for i, c in enumerate(claims) if i != index and _accuses(c, noun, named, texts)]
    # A clause: "denied that ...", "rejected assertions that ..."; a plain object
    # ("rejected the trade agenda") is a proposal refused, not a claim denied.
    if found is not None:
        clause = after[found.end() :]
    elif (that := re.match(r"\s*,?\s+that\b", after)) is not None:
        clause = after[that.end() :]
    else:
        return []
    wanted = _content(clause)
    if len(wanted) < _MIN_SHARED:
        return []
    need = max(_MIN_SHARED, math.ceil(_SHARE * len(wanted)))
    return [i for i, c in enumerate(claims) if i != index and len(wanted & _content(c.text)) >= need]


def _accuses(claim: Claim, noun: str, named: Sequence[tuple[str, int, int]], texts: dict[str, str]) -> bool:
    """A claim whose attribution uses the noun's verb ("claimed", "accused of") and
    that names the denier (`named`: their mentions), in its words or its attribution."""
    text = texts.get(claim.article, "")
    start = max(0, claim.start - _ATTRIBUTION)
    sentence = max((m.end() for m in re.finditer(r"[.!?][\"”’']?\s", text[start : claim.start])), default=0)
    start += sentence  # the attribution is in the claim's sentence
    if not any(a == claim.article and start <= s and e <= claim.end for a, s, e in named):
        return False
    families = _ACCUSING if _family(noun) in _ACCUSING else {_family(noun)}
    # (not an accusation a relative clause describes: "settle a lawsuit that accused the
    # company of ..." states the settlement, which denying the allegations leaves standing)
    return any(
        _family(m.group(1)) in families and not _DESCRIBED.search(text, max(start, m.start() - 12), m.start())
        for m in _VERB_FORM.finditer(text, start, claim.end)
    )


_DESCRIBED = re.compile(r"\b(?:that|which|who)\s+$", re.I)


# Words a denial names its party by besides its name ("The senator did not fall"), and
# the words of its negation.
_PARTY_NOUNS = frozenset(stem(w) for w in (*ROLE_WORDS, "company", "firm", "campaign", "office", "agency", "department"))
_NEGATION_WORDS = frozenset(stem(w) for w in ("not", "never", "did", "does", "had", "has", "was"))


def bare_denial(claim: Claim, negation: Claim, names: set[str]) -> bool:
    """Whether `negation`, a party's denial in the fewest words ("The senator did not
    fall," her spokeswoman said), denies `claim` of the same act: the denial's own words
    (its quotation, when it is one) say nothing beyond the act, the party (its `names`,
    its subject, a role or kind of body), the negation and words of the claim; neither is
    a wish or a possibility, and the act is one (a light verb states none: "he did not
    make these")."""
    if claim.negated or not negation.negated or negation.modality or claim.modality or event_key(negation) is None:
        return False
    quoted = quoted_parts(negation.text)
    said = " ".join(quoted) if quoted else negation.text
    party = {stem(w) for name in (*names, negation.subject or "") for w in words(name)}
    left = content_words(said) - (party | _PARTY_NOUNS | _NEGATION_WORDS | {stem(negation.predicate or "")})
    return left <= {stem(w) for w in words(claim.text)}
