"""Named entities: mentions from spaCy's NER, and one identity per name in a story.

This is the first, simple resolution (issue 4 deepens it): a full name is an
identity; a surname-only mention joins the one full name in the story ending in
that surname; organisations and places join on their normalised names.
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
    r"councilwoman|councilman|councilmember|commissioner|chief|judge|sheriff|officer|detective|secretary)\s+",
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


def _key(name: str) -> str:
    return " ".join(re.findall(r"\w+", name.casefold()))


def resolve_entities(mentions: Iterable[EntityMention]) -> tuple[list[Entity], dict[tuple[str, int, int], str]]:
    """Entities of a story and a map (article, start, end) -> entity id."""
    mentions = list(mentions)
    canonical: dict[tuple[str, str], str] = {}  # (kind, key) -> display name
    full_by_surname: dict[str, set[str]] = defaultdict(set)
    for m in mentions:
        if m.kind == "person" and len(m.name.split()) >= 2:
            canonical.setdefault((m.kind, _key(m.name)), m.name)
            full_by_surname[_key(m.name.split()[-1])].add(_key(m.name))
    grouped: dict[tuple[str, str], list[EntityMention]] = defaultdict(list)
    for m in mentions:
        key = _key(m.name)
        if m.kind == "person" and len(m.name.split()) == 1 and len(full_by_surname.get(key, ())) == 1:
            key = next(iter(full_by_surname[key]))
        canonical.setdefault((m.kind, key), m.name)
        grouped[(m.kind, key)].append(m)
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
                kind=kind,
                aliases=tuple(aliases),  # type: ignore[arg-type]
                mentions=tuple(Mention(article=m.article, start=m.start, end=m.end, text=m.text) for m in group),
            )
        )
        for m in group:
            index[(m.article, m.start, m.end)] = entity_id
    return entities, index
