"""One identity per person or organisation across a story, and the links to it.

The per-article extractors find mentions, speakers' canonical names and roles; this
stage gives each name one entity across the story's articles (`resolve_entities`),
attaches the roles each outlet gives it (`with_roles`), and links quotes
(`link_speakers`) and the claims they carry (`link_claim_speakers`) to those entities.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from corroborate.model import Claim, Entity, Mention, Quote, Role
from corroborate.nlp.claims import speaker_entity
from corroborate.nlp.entities import EntityMention
from corroborate.nlp.names import FullNames, name_key, name_kind


def _plausible_kind(m: EntityMention, place_names: set[str], org_names: set[str]) -> str:
    return name_kind(m.name, place_names, org_names) if m.kind == "person" else m.kind


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
    place_names = {name_key(m.name) for m in mentions if m.kind == "place"}
    org_names = {name_key(m.name) for m in mentions if m.kind == "organization"}
    mentions = [
        m
        if (kind := _plausible_kind(m, place_names, org_names)) == m.kind
        else EntityMention(m.article, m.start, m.end, m.text, kind, m.name)
        for m in mentions
    ]
    canonical: dict[tuple[str, str], str] = {}  # (kind, key) -> display name
    full_names = [m for m in mentions if m.kind == "person" and len(m.name.split()) >= 2]
    for m in full_names:
        canonical.setdefault(("person", name_key(m.name)), m.name)
    story = FullNames(m.name for m in full_names)
    in_article: dict[str, FullNames] = {}  # a first name alone names someone within its article only
    for article in dict.fromkeys(m.article for m in full_names):
        in_article[article] = FullNames(m.name for m in full_names if m.article == article)

    def person_key(m: EntityMention) -> str:
        article = in_article.get(m.article)
        return story.key_of(m.name, firsts=article.by_first if article else {})

    grouped: dict[tuple[str, str], list[EntityMention]] = defaultdict(list)
    for m in mentions:
        kind, key = m.kind, name_key(m.name)
        if kind == "person":
            key = person_key(m)
        elif kind == "organization" and len(key.split()) == 1 and len(story.by_surname.get(key, ())) == 1:
            kind, key = "person", next(iter(story.by_surname[key]))  # "Polis" tagged an organisation
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


def _name_index(entities: Sequence[Entity]) -> dict[str, int]:
    """Case-folded name or alias -> position of the first entity that has it."""
    index: dict[str, int] = {}
    for position, entity in enumerate(entities):
        for name in (entity.name, *entity.aliases):
            index.setdefault(name.casefold(), position)
    return index


def with_roles(entities: Sequence[Entity], roles: Iterable[tuple[str, str, str]]) -> list[Entity]:
    """Attach each article's roles ("Aurora Mayor", "a spokeswoman for the governor") to
    the person, per outlet; `roles` holds (article, canonical name, role text)."""
    by_name = _name_index(entities)
    found: dict[int, dict[tuple[str, str], None]] = {}
    for article, name, role in roles:
        index = by_name.get(name.casefold())
        text = " ".join(role.split()).strip(" ,")
        if index is not None and text and text.casefold() != name.casefold():
            found.setdefault(index, {})[(article, text)] = None
    return [
        entity.model_copy(update={"roles": tuple(Role(article=a, text=t) for a, t in found[i])}) if i in found else entity
        for i, entity in enumerate(entities)
    ]


def link_speakers(quotes: Sequence[Quote], entities: Sequence[Entity]) -> list[Quote]:
    """Fill `speaker.entity` (and `represents`) with entity ids by canonical name."""
    by_name = {name: entities[index].id for name, index in _name_index(entities).items()}
    linked: list[Quote] = []
    for quote in quotes:
        speaker = quote.speaker
        update: dict[str, object] = {}
        if speaker.name and speaker.name.casefold() in by_name:
            update["entity"] = by_name[speaker.name.casefold()]
        if speaker.represents:
            # `represents` holds an entity id; a name we cannot resolve is dropped.
            update["represents"] = by_name.get(speaker.represents.casefold())
        if update:
            quote = quote.model_copy(update={"speaker": speaker.model_copy(update=update)})
        linked.append(quote)
    return linked


def link_claim_speakers(claims: Sequence[Claim], quotes: Sequence[Quote]) -> list[Claim]:
    """`claims` with `by` taken from their quotations in `quotes` (speakers linked):
    claims are extracted per article, before the story's entities are known."""
    by_id = {quote.id: quote for quote in quotes}
    return [
        claim.model_copy(update={"by": speaker_entity(by_id[claim.quote])}) if claim.quote in by_id else claim for claim in claims
    ]
