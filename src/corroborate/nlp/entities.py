"""Named entities: mentions from spaCy's NER, and one identity per name in a story.

Mentions come from the NER plus names it missed after a title; `resolve_entities`
gives one identity per person across the story (see its docstring) and joins
organisations and places on their normalised names.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from spacy.tokens import Doc, Span

from corroborate.model import Entity, Mention

KINDS = {"PERSON": "person", "ORG": "organization", "GPE": "place", "LOC": "place", "FAC": "place", "NORP": "group"}
_TITLES = re.compile(
    r"^(?:(?:mr|mrs|ms|dr|gov|sen|rep|gen|lt|col|sgt|capt|prof|rev|st)\.?|mayor|governor|senator|president|"
    r"councilwoman|councilman|councilmember|councillor|councilor|alderman|alderwoman|commissioner|chief|judge|sheriff|"
    r"officer|detective|secretary|marshal|fire marshal|harbou?r master|constable|inspector|superintendent|minister)\s+",
    re.I,
)
_POSSESSIVE = re.compile(r"(?:['’]s|['’])$")


@dataclass(frozen=True)
class EntityMention:
    article: str
    start: int
    end: int
    text: str
    kind: str
    name: str  # the mention cleaned of titles and possessives


def clean_name(text: str) -> str:
    name = " ".join(text.split())
    name = _POSSESSIVE.sub("", name)
    while _TITLES.match(name):
        name = _TITLES.sub("", name, count=1)
    return re.sub(r"^the\s+", "", name, flags=re.I).strip(" ,.;:-")


def extract_mentions(doc: Doc, article_id: str) -> Iterator[EntityMention]:
    """Each NER span of a kind we track, trimmed of possessive endings."""
    for ent in doc.ents:
        kind = KINDS.get(ent.label_)
        if kind is None:
            continue
        span: Span = ent
        while len(span) > 1 and span[-1].text in ("'s", "’s", "'", "’"):
            span = span[:-1]
        text = span.text
        name = clean_name(text)
        if not name or not any(ch.isalpha() for ch in name):
            continue
        yield EntityMention(article_id, span.start_char, span.end_char, text, kind, name)
    # Names the NER missed after a title ("Colorado Governor Jared Polis").
    from corroborate.nlp.speakers import titled_names  # deferred: speakers imports this module

    for span in titled_names(doc):
        name = clean_name(span.text)
        if name:
            yield EntityMention(article_id, span.start_char, span.end_char, span.text, "person", name)


def _key(name: str) -> str:
    return " ".join(re.findall(r"\w+", name.casefold()))


INSTITUTION_WORDS = frozenset(
    "police department office city county state council board court committee agency bureau university school "
    "company party administration government ministry house senate news".split()
)


_ROLE_TAILS = frozenset("mayor governor councilwoman councilman spokeswoman spokesman spokesperson senator president".split())


def transposed(a: str, b: str) -> bool:
    """b is a with two adjacent letters swapped (Jurinksy / Jurinsky)."""
    if len(a) != len(b) or len(a) < 5 or a == b:
        return False
    diffs = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diffs) == 2 and diffs[1] == diffs[0] + 1 and a[diffs[0]] == b[diffs[1]] and a[diffs[1]] == b[diffs[0]]


def _plausible_kind(m: EntityMention, place_names: set[str], org_names: set[str]) -> str:
    """Correct the NER's most common slips: places and institutions labelled persons."""
    if m.kind != "person":
        return m.kind
    words = _key(m.name).split()
    if any(w in INSTITUTION_WORDS for w in words) or (len(words) >= 2 and words[-1] in place_names):
        return "organization"  # "Aurora Police", "Telemundo Denver"
    if words and words[-1] in _ROLE_TAILS:
        return "other"  # "Aurora Mayor": a title, not a name
    if len(words) == 1 and words[0] in place_names:
        return "place"
    if len(words) == 1 and words[0] in org_names:
        return "organization"
    return "person"


def _organisation_key(key: str, org_names: set[str]) -> str:
    """ "Brandt & Shaw Construction of Fairhaven" is the "Brandt & Shaw Construction" the
    story also names: an organisation's name of two words or more, with " of …" after
    it (a one-word head, "Bank" of "Bank of America", names no one)."""
    head, of, _ = key.rpartition(" of ")
    return head if of and len(head.split()) >= 2 and head in org_names else key


def resolve_entities(mentions: Iterable[EntityMention]) -> tuple[list[Entity], dict[tuple[str, int, int], str]]:
    """One identity per person or organisation across the articles of a story.

    A full name is an identity. A surname alone, a surname misspelt by two swapped
    letters, or (inside one article) a first name alone joins the one full name it
    fits; two people sharing a surname stay apart unless a first name says which.
    A surname the NER labelled an organisation ("Polis") joins its person. Returns
    the entities and a map (article, start, end) -> entity id.
    """
    mentions = list(mentions)
    place_names = {_key(m.name) for m in mentions if m.kind == "place"}
    org_names = {_key(m.name) for m in mentions if m.kind == "organization"}
    mentions = [
        m
        if (kind := _plausible_kind(m, place_names, org_names)) == m.kind
        else EntityMention(m.article, m.start, m.end, m.text, kind, m.name)
        for m in mentions
    ]
    canonical: dict[tuple[str, str], str] = {}  # (kind, key) -> display name
    by_surname: dict[str, set[str]] = defaultdict(set)
    by_first: dict[tuple[str, str], set[str]] = defaultdict(set)  # (article, first name) -> full keys
    for m in mentions:
        if m.kind == "person" and len(m.name.split()) >= 2:
            key = _key(m.name)
            canonical.setdefault(("person", key), m.name)
            by_surname[key.split()[-1]].add(key)
            by_first[(m.article, key.split()[0])].add(key)

    def person_key(m: EntityMention) -> str:
        key = _key(m.name)
        parts = key.split()
        if len(parts) >= 2:
            # "Danielle Jurinksy": the same first name and a transposed surname is one person.
            for surname, owners in by_surname.items():
                if transposed(surname, parts[-1]):
                    same_first = [o for o in owners if o.split()[0] == parts[0]]
                    if len(same_first) == 1:
                        return same_first[0]
            return key
        owners = by_surname.get(key) or next((o for s, o in by_surname.items() if transposed(s, key)), set())
        if len(owners) == 1:
            return next(iter(owners))
        firsts = by_first.get((m.article, key), set())
        return next(iter(firsts)) if len(firsts) == 1 else key

    grouped: dict[tuple[str, str], list[EntityMention]] = defaultdict(list)
    for m in mentions:
        kind, key = m.kind, _key(m.name)
        if kind == "person":
            key = person_key(m)
        elif kind == "organization" and len(key.split()) == 1 and len(by_surname.get(key, ())) == 1:
            kind, key = "person", next(iter(by_surname[key]))  # "Polis" tagged an organisation
        elif kind == "organization":
            key = _organisation_key(key, org_names)
        canonical.setdefault((kind, key), m.name)
        grouped[(kind, key)].append(m)
    entities: list[Entity] = []
    index: dict[tuple[str, int, int], str] = {}
    ordered = sorted(grouped.items(), key=lambda item: (-len(item[1]), canonical[item[0]]))
    for number, ((kind, key), group) in enumerate(ordered, start=1):
        entity_id = f"e{number}"
        name = canonical[(kind, key)]
        aliases = sorted({m.name for m in group} - {name})
        entities.append(
            Entity(
                id=entity_id,
                name=name,
                kind=kind,  # type: ignore[arg-type]
                aliases=tuple(aliases),
                mentions=tuple(Mention(article=m.article, start=m.start, end=m.end, text=m.text) for m in group),
            )
        )
        for m in group:
            index[(m.article, m.start, m.end)] = entity_id
    return entities, index
