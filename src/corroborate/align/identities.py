"""One identity per person or organisation across a story, and the links to it.

The per-article extractors find mentions, speakers' canonical names and roles; this
stage gives each name one entity across the story's articles (`resolve_entities`),
attaches the roles each outlet gives it (`with_roles`), and links quotes
(`link_speakers`) and the claims they carry (`link_claim_speakers`) to those entities.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

from corroborate.model import Claim, Entity, Mention, Quote, Role
from corroborate.nlp.claims import speaker_entity
from corroborate.nlp.entities import EntityMention
from corroborate.nlp.lexicon import DOCUMENT_KINDS, names_a_company
from corroborate.nlp.names import (
    INSTITUTION_WORDS,
    MASTHEAD_WORDS,
    MEDIA_WORDS,
    FullNames,
    acronyms_of,
    fold,
    name_key,
    name_kind,
    organisation_key,
    parse_person,
    titled_person,
)
from corroborate.nlp.spans import SpanIndex

# Masthead words no place's name ends with ("the Dominican Republic", "Sun Valley" may).
_PAPER_WORDS = frozenset(
    "Post Times Journal Tribune Herald Gazette Courier Ledger Examiner Inquirer Observer Register Bulletin "
    "Dispatch Enquirer Courant Chronicle Sentinel Statesman Beacon Telegraph Guardian Globe".split()
)


def _plausible_kind(m: EntityMention, place_names: set[str], org_names: set[str]) -> str:
    if m.kind == "place" and len(m.name.split()) >= 2 and m.name.split()[-1] in _PAPER_WORDS:
        return "organization"  # "the Port Halden Ledger" tagged a place: a newspaper
    if m.kind != "person":
        return m.kind
    if re.match(r"the\s", m.text, flags=re.I):
        return "organization"  # "The Hill": no one is named with "the"
    if (title := m.text.split(maxsplit=1)[0]) != m.name.split(maxsplit=1)[0] and titled_person(title, m.name):
        return "person"  # "Mr. Goelman": the title says who, whatever else the story calls the name
    key = name_key(m.name)
    if len(m.name.split()) >= 2 and (
        names_a_company(m.name) or any(o.startswith(f"{key} ") and names_a_company(o, folded=True) for o in org_names)
    ):
        return "organization"  # "Harrow Lane Press", and "Harrow Lane" beside it: a company's names
    return name_kind(m.name, place_names, org_names)


def _organisation_key(key: str, org_names: set[str]) -> str:
    """ "Brandt & Shaw Construction of Fairhaven" is the "Brandt & Shaw Construction" the
    story also names, "Harlow Center for Fiscal Policy" the "Harlow Center": an
    organisation's name of two words or more, with " of …" or " for …" after it (a
    one-word head, "Bank" of "Bank of America", names no one)."""
    for joint in (" of ", " for "):
        head, of, _ = key.rpartition(joint)
        if of and len(head.split()) >= 2 and head in org_names:
            return head
    return key


def _organisation_keys(mentions: Sequence[EntityMention]) -> dict[str, str]:
    """Each organisation's name -> the key of the body it names. Forms compare by
    `organisation_key` ("U.S. Fish and Wildlife Service" / "Fish & Wildlife Service",
    "Department of the Treasury" / "Treasury Department"); "Treasury" alone is the
    "Treasury Department" the story names, "Ledger" alone the one paper whose name ends
    so ("Capitol Ledger"), an acronym ("FWS", "F.B.I.") the one
    organisation of the story whose initials it is."""
    names = {m.name for m in mentions if m.kind == "organization"}
    places = {organisation_key(m.name) for m in mentions if m.kind == "place"}
    keys = {name: organisation_key(name) for name in names}
    # where each article first uses each name, and first names each body (by key)
    first_used: dict[str, dict[str, int]] = defaultdict(dict)
    first_named: dict[tuple[str, str], int] = {}
    for m in mentions:
        if m.kind == "organization":
            used = first_used[m.name]
            used[m.article] = min(used.get(m.article, m.start), m.start)
            named = (m.article, keys[m.name])
            first_named[named] = min(first_named.get(named, m.start), m.start)
    known = set(keys.values())
    keys = {name: _organisation_key(key, known) for name, key in keys.items()}
    known = set(keys.values())
    initials: dict[str, set[str]] = defaultdict(set)
    for name, key in keys.items():
        if len(key.split()) >= 2:
            for acronym in acronyms_of(name):
                initials[acronym].add(key)
    # "Velmora's Defense Ministry", "Velmoran Defense Ministry": one nation's body, its
    # nation written two ways; "Defense Ministry" alone is it when the story has no other.
    for key in list(known):
        longer = {k for k in known if k.endswith(f" {key}") and len(k.split()) == len(key.split()) + 1}
        if len(key.split()) >= 2 and longer and _one_nation({k.split()[0] for k in longer}):
            keys = {name: key if k in longer else k for name, k in keys.items()}
    known = set(keys.values())
    # "the Sheriff's Office" is the "Marlow County Sheriff's Office" the story names, when
    # it names one such office only.
    for key in list(known):
        if len(key.split()) >= 2 and key.split()[-1] in _OFFICE_HEADS:
            longer = {k for k in known if k.endswith(f" {key}")}
            if len(longer) == 1:
                keys = {name: next(iter(longer)) if k == key else k for name, k in keys.items()}
    known = set(keys.values())
    # "the state's Department of Insurance" is the "Michigan Department of Insurance" the
    # story names, when its name is that one's without a place the story names before it.
    placed: dict[str, set[str]] = defaultdict(set)  # a name's key without its place -> the keys with it
    for name, key in keys.items():
        words = name.split()
        for n in (1, 2):  # ("Michigan", "South Carolina")
            if len(words) >= n + 2 and organisation_key(" ".join(words[:n])) in places:
                placed[organisation_key(" ".join(words[n:]))].add(key)
    for key in list(known):
        if len(with_place := placed.get(key, set()) - {key}) == 1:
            keys = {name: next(iter(with_place)) if k == key else k for name, k in keys.items()}
    known = set(keys.values())
    for name, key in keys.items():
        companies = {k for k in known if k.startswith(f"{key} ")} if len(key.split()) >= 2 else set()
        if len(companies) == 1 and names_a_company(full := next(iter(companies)), folded=True):
            keys[name] = full  # "Harrow Lane": the "Harrow Lane Press" the story names
        if len(key.split()) != 1:
            continue
        if f"{key} department" in known:
            keys[name] = f"{key} department"
        elif name in MASTHEAD_WORDS and len(papers := {k for k in known if k.endswith(f" {key}")}) == 1:
            keys[name] = next(iter(papers))  # "the Ledger": the "Capitol Ledger" the story names
        elif key in _BODY_HEADS and len(bodies := {k for k in known if k.endswith(f" {key}")}) == 1:
            keys[name] = next(iter(bodies))  # "the Alliance": the "Ellery River Alliance" the story names
        elif name.replace(".", "").isupper() and len(owners := initials.get(key, set())) == 1:
            keys[name] = next(iter(owners))
        elif len(companies := {k for k in known if k.startswith(f"{key} ") and names_a_company(k, folded=True)}) == 1:
            keys[name] = next(iter(companies))  # "Bluewater": the "Bluewater Harbor Lines" the story names
        elif _coined(name) and key not in places and len(longer := {k for k in known if k.startswith(f"{key} ")}) == 1:
            # "TrueLine": the "TrueLine Student Transportation" the story names, when no other
            # body's name opens with the word and the story never uses it for a place (a
            # coined word only: "Harbor" of "Harbor Authority" may be any harbour's)
            keys[name] = next(iter(longer))
        elif key not in places and len(longer := {k for k in known if k.startswith(f"{key} ")}) == 1:
            # "Keystone": the "Keystone Shelter Services" each article using the word named
            # in full before it (a short name for a body introduced in full)
            full = next(iter(longer))
            news = set(full.split()) & MEDIA_WORDS - {"press"}  # ("Fox" of "Fox News": the outlets' own rules)
            head = full.split()[1] in ("of", "for", "and")  # ("Bank" of "Bank of Delmont" names no one)
            if (
                not news
                and not head
                and all(first_named.get((article, full), start + 1) < start for article, start in first_used[name].items())
            ):
                keys[name] = full
    return keys


def _coined(word: str) -> bool:
    """A brand's coined word, capitalised inside ("TrueLine", "PayPal"): no common word or place."""
    return " " not in word and word[:1].isupper() and any(c.isupper() for c in word[1:]) and not word.isupper()


# The last word of a public body's name a shorter form keeps ("the Sheriff's Office").
_OFFICE_HEADS = frozenset("office department bureau ministry agency commission service".split())
# The last word of a body's name that names it alone on second reference ("the Alliance").
_BODY_HEADS = frozenset("alliance association coalition foundation federation society institute league pac".split())


def _one_nation(words: set[str]) -> bool:
    """Whether words name one nation ("velmora's" read as "velmora", "velmoran"): all
    begin with the shortest, of five letters or more, and none is a word of any body's
    name ("state", "federal", "county": "State Health Department" is another body)."""
    stems = {re.sub(r"['’]s$", "", w) for w in words}
    shortest = min(stems, key=len)
    return len(shortest) >= 5 and not stems & _NOT_NATIONS and all(w.startswith(shortest) for w in stems)


_NOT_NATIONS = frozenset(
    "state states federal national city county regional local central interim former joint general "
    "american united international global public private".split()
)


def _media_words(mentions: Sequence[EntityMention]) -> set[str]:
    """Words that name a news outlet in this story ("fox" of "Fox News", "hill" of
    "The Hill"): an organisation by that one word is the outlet, not a person."""
    words: set[str] = set()
    for m in mentions:
        if m.kind != "organization":
            continue
        key = name_key(fold(m.name)).split()
        if any(w in MEDIA_WORDS for w in key) or (len(key) == 1 and re.match(r"the\s", m.text, flags=re.I)):
            words.update(w for w in key if w not in MEDIA_WORDS)
    return words


def _person_named_as_organisation(
    m: EntityMention, story: FullNames, lone_surnames: set[str], org_words: set[str], media: set[str]
) -> str | None:
    """The person's key an organisation mention names, on the story's evidence: a
    surname the story gives one person ("Polis", "Boehner"), a full name it gives a
    person, or a first name and the surname of someone it calls only by surname
    ("Aitan Goelman" beside "Mr. Goelman"). A word that names an outlet here ("Fox"
    beside "Fox News") stays the outlet."""
    key = name_key(m.name)
    words = fold(key).split()
    if not words or any(w in INSTITUTION_WORDS or w in MEDIA_WORDS for w in words) or re.match(r"the\s", m.text, flags=re.I):
        return None
    if len(words) == 1:
        if words[0] in media:
            return None
        person = story.key_of(m.name, firsts={})
        return person if person in story.display else None
    if len(words) > 3 or not all(w[:1].isupper() for w in m.name.split()):
        return None
    person = story.key_of(m.name)
    if person in story.display:
        return person
    if words[-1] in lone_surnames and words[0] not in org_words and parse_person(m.name).full:
        return key
    return None


def resolve_entities(mentions: Iterable[EntityMention]) -> tuple[list[Entity], dict[tuple[str, int, int], str]]:
    """One identity per person or organisation across the articles of a story.

    People are grouped by the structure of their names (`FullNames`): middle names
    and initials, nicknames, accents and numeral suffixes may differ ("John A.
    Boehner" / "John Boehner", "Chris Wray" / "Christopher A. Wray"); first names or
    middle initials that differ, or a "Jr.", keep two people apart. A surname alone,
    a surname misspelt by two swapped letters, or (inside one article) a first name
    alone joins the one identity it fits; two people sharing a surname stay apart
    unless a first name says which. An organisation's mention the story shows to be
    a person's name ("Polis", "Aitan Goelman" beside "Mr. Goelman") joins the person;
    an organisation's forms join by `_organisation_keys`. A person's display name is
    `FullNames`' (the form most mentions use), an organisation's its most used form.
    Returns the entities and a map (article, start, end) -> entity id.
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
    lone_surnames = {fold(name_key(m.name)) for m in mentions if m.kind == "person" and len(m.name.split()) == 1}
    org_words = {w for m in mentions if m.kind != "person" and len(m.name.split()) == 1 for w in fold(name_key(m.name)).split()}
    media = _media_words(mentions)
    # Full names first ("Aitan Goelman" tagged an organisation, "Hollis Grange" a place),
    # then the surnames they give (a place's one word stays a place: "Washington").
    for lone in (False, True):
        full = FullNames(m.name for m in mentions if m.kind == "person" and len(m.name.split()) >= 2)
        mentions = [
            EntityMention(m.article, m.start, m.end, m.text, "person", m.name)
            if (
                m.kind in ("organization", "group")
                and (len(m.name.split()) == 1) == lone
                and _person_named_as_organisation(m, full, lone_surnames, org_words, media)
            )
            or (m.kind == "place" and not lone and len(m.name.split()) >= 2 and full.key_of(m.name) in full.display)
            else m
            for m in mentions
        ]
    full_names = [m for m in mentions if m.kind == "person" and len(m.name.split()) >= 2]
    story = FullNames(m.name for m in full_names)
    in_article: dict[str, FullNames] = {}  # a first name alone names someone within its article only
    for article in dict.fromkeys(m.article for m in full_names):
        in_article[article] = FullNames(m.name for m in full_names if m.article == article)
    org_keys = _organisation_keys(mentions)

    def person_key(m: EntityMention) -> str:
        article = in_article.get(m.article)
        return story.key_of(m.name, firsts=article.by_first if article else {})

    grouped: dict[tuple[str, str], list[EntityMention]] = defaultdict(list)
    for m in mentions:
        kind, key = m.kind, name_key(m.name)
        if kind == "person":
            key = person_key(m)
        elif kind == "organization":
            key = org_keys.get(m.name, key)
        grouped[(kind, key)].append(m)
    canonical = {group: _shown(group, members, story) for group, members in grouped.items()}
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
                aliases=tuple(aliases),
                mentions=tuple(Mention(article=m.article, start=m.start, end=m.end, text=m.text) for m in group),
            )
        )
        for m in group:
            index[(m.article, m.start, m.end)] = entity_id
    return entities, index


def _shown(group: tuple[str, str], members: Sequence[EntityMention], story: FullNames) -> str:
    """An entity's display name: a person's as `FullNames` shows it; else the form most
    of its mentions use (a headline's capitals never; not an organisation's one-word
    second reference, "Ledger" of "Capitol Ledger", "Bluewater" of "Bluewater Harbor
    Lines"), ties to the fuller, then the first."""
    kind, key = group
    if kind == "person" and key in story.display:
        return story.display[key]
    counts = Counter(m.name for m in members)
    if kind == "organization":
        # "the Ledger" on second reference is the "Capitol Ledger" it names, "Bluewater" the
        # "Bluewater Harbor Lines": shown in full
        fuller = {n for n in counts if len(n.split()) == 1 and any(o.endswith(f" {n}") or o.startswith(f"{n} ") for o in counts)}
        counts = Counter({n: c for n, c in counts.items() if n not in fuller})
    first_seen = {name: i for i, name in reversed(list(enumerate(m.name for m in members)))}
    return max(counts, key=lambda n: (not n.isupper(), counts[n], len(n.split()), -first_seen[n]))


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
    """Fill `speaker.entity` (and `represents`) with entity ids by canonical name. A
    speaker an article names by surname alone ("Trump", where it never gives the full
    name) takes the full name the story gives that person, and a paper named by its
    masthead word ("the Ledger") the full name the story gives it."""
    index = _name_index(entities)
    by_name = {name: entities[position].id for name, position in index.items()}
    # A body named only inside quotations ("Today's Jobs Numbers were RIGGED") is no
    # body "the numbers" can point back to.
    quoted = _quoted_only(entities, quotes)
    bodies = [e for e in entities if e.id not in quoted]
    linked: list[Quote] = []
    for quote in quotes:
        speaker = quote.speaker
        update: dict[str, object] = {}
        if speaker.name and speaker.name.casefold() in by_name:
            entity = entities[index[speaker.name.casefold()]]
            update["entity"] = entity.id
            if len(speaker.name.split()) == 1 and entity.kind == "person" and len(entity.name.split()) >= 2:
                update["name"] = entity.name
            elif speaker.name in MASTHEAD_WORDS and entity.kind == "organization" and entity.name.endswith(f" {speaker.name}"):
                update["name"] = entity.name  # "the Ledger said": the "Capitol Ledger" the story names
        represents = by_name.get(speaker.represents.casefold()) if speaker.represents else None
        if speaker.represents:
            # `represents` holds an entity id; a name we cannot resolve is dropped.
            update["represents"] = represents
        if not speaker.name and (owner := _document_owner(speaker.description, represents, entities)):
            # "The board's preliminary report found ...": the words are the board's
            update.update(name=owner.name, entity=owner.id)
        elif (
            not speaker.name
            and (body := _body_named(speaker.description, quote.article, bodies))
            # ("The office says" after "Her office has said": hers, not an office another article names)
            and not (represents and not any(m.article == quote.article for m in body.mentions))
        ):
            # "the hospital said": the one hospital the story names ("Oresk District Hospital")
            update.update(name=body.name, entity=body.id)
        elif not speaker.name and (person := _person_by_surname(speaker.description, entities)):
            # "Vantreese pledged that ..." with the name tagged a group: the story's one Vantreese
            update.update(name=person.name, entity=person.id)
        elif (
            speaker.name
            and speaker.name.islower()
            and "entity" not in update
            and (body := _body_named(f"the {speaker.name}", quote.article, bodies))
        ):
            update.update(name=body.name, entity=body.id)  # (a kind taken for a name: "department")
        if update:
            quote = quote.model_copy(update={"speaker": speaker.model_copy(update=update)})
        linked.append(quote)
    return _bare_documents(linked, entities)


_BARE_DOCUMENT = re.compile(
    rf"^(?:the|this|that)\s+(?P<noun>{'|'.join(n for n, kind in DOCUMENT_KINDS.items() if kind != 'records')})\b"
    r"(?P<holder>,\s+(?:a\s+copy\s+of\s+)?which\b.*)?$",
    re.I,
)


def _bare_documents(quotes: list[Quote], entities: Sequence[Entity]) -> list[Quote]:
    """A quote credited to "the report" (or "The report, a copy of which was obtained by
    ...") speaks for the owner its article's last document of that kind spoke for
    ("a report by the department's inspector general"), else the story's one owner of
    documents of that kind."""
    by_id = {e.id: e for e in entities}
    owners: dict[str, list[tuple[int, str, str]]] = defaultdict(list)  # article -> (start, kind, entity)
    for quote in quotes:
        described = quote.speaker.description or ""
        if quote.speaker.entity and (noun := _DOCUMENT.search(described)) and not _BARE_DOCUMENT.match(described.strip()):
            owners[quote.article].append((quote.start, DOCUMENT_KINDS[noun.group().casefold()], quote.speaker.entity))
    story: dict[str, set[str]] = defaultdict(set)
    for found in owners.values():
        for _, kind, entity_id in found:
            story[kind].add(entity_id)
    result = []
    for quote in quotes:
        bare = _BARE_DOCUMENT.match((quote.speaker.description or "").strip())
        # (a name in "The report, a copy of which was obtained by The Times" is who holds it)
        if bare is not None and (quote.speaker.name is None or quote.speaker.entity is None or bare.group("holder")):
            kind = DOCUMENT_KINDS[bare.group("noun").casefold()]
            earlier = [e for start, k, e in owners.get(quote.article, []) if k == kind and start < quote.start]
            owner = earlier[-1] if earlier else (next(iter(story[kind])) if len(story[kind]) == 1 else None)
            if owner is not None and owner in by_id:
                speaker = quote.speaker.model_copy(update={"name": by_id[owner].name, "entity": owner})
                quote = quote.model_copy(update={"speaker": speaker})
        result.append(quote)
    return result


# (records are cited, not speakers: "an Associated Press count of state records" is the AP's count)
_DOCUMENT = re.compile(rf"\b(?:{'|'.join(n for n, kind in DOCUMENT_KINDS.items() if kind != 'records')})\b", re.I)
_POSSESSOR = re.compile(r"^(?:the|a|an)\s+(?P<owner>[\w-]+)['’]s?\s", re.I)
# Whom a document went to, not whose it is: "The complaint, filed with the state's Judicial Conduct Commission".
_RECIPIENT = re.compile(
    r"\b(?:filed|lodged|sent|submitted|addressed|delivered)\s+(?:with|to)\s+(?:the\s+)?(?:[\w'’]+\s+)?$", re.I
)


def _document_owner(description: str | None, represents: str | None, entities: Sequence[Entity]) -> Entity | None:
    """Whose document a speaker described as one is: the organisation or person it
    names ("A report by the Harbor Institute", "The Harbor Institute report"), else
    the one organisation of the story its possessor's word ends the name of ("the
    board's preliminary report": the "Federal Grid Oversight Board")."""
    if not description or not _DOCUMENT.search(description):
        return None
    if represents is not None:
        return next((e for e in entities if e.id == represents), None)
    named = [
        e
        for e in entities
        if e.kind in ("organization", "person")
        and len(e.name) > 3
        and e.name in description
        and not _RECIPIENT.search(description[: description.index(e.name)])
    ]
    if named:
        return max(named, key=lambda e: len(e.name))  # "a report released Friday by the Grid Board"
    if (possessor := _POSSESSOR.match(description)) is None:
        return None
    word = possessor.group("owner").casefold()
    owners = [e for e in entities if e.kind == "organization" and e.name.casefold().split()[1:][-1:] == [word]]
    return owners[0] if len(owners) == 1 else None


# ("her own transportation department"; not "his office": whose office, the speaker's `represents` says)
_THE_BODY = re.compile(
    r"^(?:the\s+(?:[a-z]+\s+){0,2}?|(?:its|his|her|their)\s+(?:own\s+)?(?:[a-z]+\s+){1,2}?)(?P<word>[a-z]{4,})$", re.I
)


def _body_named(description: str | None, article: str, entities: Sequence[Entity]) -> Entity | None:
    """The organisation a speaker described by its kind alone is ("the hospital", "The
    union", "her own transportation department"): the one organisation of the story whose name has that word
    as its head (`_head_word`), else the one of them the quote's own article names."""
    if not description or (match := _THE_BODY.match(description.strip())) is None:
        return None
    word = match.group("word").casefold()
    bodies = [e for e in entities if e.kind == "organization" and " " in e.name and _head_word(e.name) == word]
    if len(bodies) > 1:
        bodies = [e for e in bodies if any(m.article == article for m in e.mentions)]
    return bodies[0] if len(bodies) == 1 else None


def _quoted_only(entities: Sequence[Entity], quotes: Sequence[Quote]) -> set[str]:
    """The entities every mention of which lies inside a quotation's own words."""
    spans: dict[str, list[tuple[int, int]]] = {}
    for quote in quotes:
        if quote.kind in ("direct", "partial"):
            spans.setdefault(quote.article, []).append((quote.start, quote.end))
    quoted = {article: SpanIndex(found) for article, found in spans.items()}
    empty = SpanIndex()
    return {
        e.id
        for e in entities
        if e.mentions and all(quoted.get(m.article, empty).contains(m.start, m.end, slack=0) for m in e.mentions)
    }


def _person_by_surname(description: str | None, entities: Sequence[Entity]) -> Entity | None:
    """The one person of the story whose surname a one-word capitalised description is."""
    if not description or not re.fullmatch(r"[A-Z][\w'’-]+", description.strip()):
        return None
    word = description.strip().casefold()
    people = [e for e in entities if e.kind == "person" and len(e.name.split()) >= 2 and e.name.split()[-1].casefold() == word]
    return people[0] if len(people) == 1 else None


def _head_word(name: str) -> str:
    """The word that says what kind of body a name is: its last ("Oresk District
    Hospital"), or the one before "of" ("Missouri Department of Transportation")."""
    return name.casefold().partition(" of ")[0].split()[-1]


def link_claim_speakers(claims: Sequence[Claim], quotes: Sequence[Quote]) -> list[Claim]:
    """`claims` with `by` taken from their quotations in `quotes` (speakers linked):
    claims are extracted per article, before the story's entities are known."""
    by_id = {quote.id: quote for quote in quotes}
    return [
        claim.model_copy(update={"by": speaker_entity(by_id[claim.quote])}) if claim.quote in by_id else claim for claim in claims
    ]
