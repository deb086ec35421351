"""Named-entity mentions of one article: spaCy's NER spans of the kinds we track,
plus names it missed after a title. One identity per name across the story is the
story stage's work (`corroborate.align.identities`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from spacy.tokens import Doc, Span

from corroborate.nlp.bodies import organisation_shortened
from corroborate.nlp.lexicon import names_a_company
from corroborate.nlp.names import clean_name, titled_person
from corroborate.nlp.people import PersonMention
from corroborate.nlp.person_names import company_named, titled_names, trimmed_name

KINDS = {"PERSON": "person", "ORG": "organization", "GPE": "place", "LOC": "place", "FAC": "place", "NORP": "group"}


@dataclass(frozen=True)
class EntityMention:
    article: str
    start: int
    end: int
    text: str
    kind: str
    name: str  # the mention cleaned of titles and possessives


def extract_mentions(doc: Doc, article_id: str) -> Iterator[EntityMention]:
    """Each NER span of a kind we track, trimmed of possessive endings. A name tagged a
    place that opens an organisation's name the article gave before, and that the article
    never uses as a place, is that organisation ("Corlane" after "Corlane Emergency
    Medical Services", `bodies.organisation_shortened`)."""
    orgs = _organisations(doc)
    for ent in doc.ents:
        kind = KINDS.get(ent.label_)
        if kind is None:
            continue
        if company_named(ent):
            kind = "organization"  # ("Harrow Lane, the book's publisher,", "Harrow Lane Press")
        if kind == "person" and (company := _company_opened(ent, orgs)) is not None:
            # ("Harrow Lane" after "Harrow Lane Press": the company by its short name)
            yield EntityMention(article_id, ent.start_char, ent.end_char, ent.text, "organization", company)
            continue
        if kind in ("place", "group") and (organisation := organisation_shortened(ent, orgs)) is not None:
            yield EntityMention(article_id, ent.start_char, ent.end_char, ent.text, "organization", organisation)
            continue
        span: Span = ent
        while len(span) > 1 and span[-1].text in ("'s", "’s", "'", "’"):
            span = span[:-1]
        if kind == "organization":
            span = _with_leading_conjunct(doc, span)
            while len(span) > 1 and span[-1].is_lower and span[-1].is_alpha:
                span = span[:-1]  # ("the Lodell Legal Aid Project on behalf": the tagger ran on)
        elif kind == "person":
            span = trimmed_name(span)
        text = span.text
        name = clean_name(text)
        if not name or not any(ch.isalpha() for ch in name):
            continue
        if kind in ("organization", "person") and span.start > 0 and titled_person(doc[span.start - 1].text, name):
            # "Mr. Goelman", "Rep. Tlaib": the title says who, whatever the NER said; the
            # mention keeps it, as evidence for the story's identities.
            kind, span = "person", doc[span.start - 1 : span.end]
            text = span.text
        yield EntityMention(article_id, span.start_char, span.end_char, text, kind, name)
    # Names the NER missed after a title ("Colorado Governor Jared Polis").
    for span in titled_names(doc):
        name = clean_name(span.text)
        if name:
            yield EntityMention(article_id, span.start_char, span.end_char, span.text, "person", name)


def _organisations(doc: Doc) -> list[tuple[int, str]]:
    """Offset and name of each organisation the article names, a company's name the NER
    took for a person's too ("Harrow Lane Press", `company_named`)."""
    return [(ent.start_char, clean_name(ent.text)) for ent in doc.ents if ent.label_ == "ORG" or company_named(ent)]


def _company_opened(ent: Span, orgs: Sequence[tuple[int, str]]) -> str | None:
    """The company an article named before whose name a two- or three-word "person" opens
    ("Harrow Lane" of "Harrow Lane Press"), if just one."""
    name = clean_name(ent.text)
    if not 2 <= len(name.split()) <= 3:
        return None
    found = {org for offset, org in orgs if offset < ent.start_char and org.startswith(f"{name} ") and names_a_company(org)}
    return found.pop() if len(found) == 1 else None


def _with_leading_conjunct(doc: Doc, span: Span) -> Span:
    """An organisation whose name joins two words with "and" ("Fish and Wildlife
    Service", "Food and Drug Administration") where the NER kept only the part after
    it: the capitalised words before "and" that no other entity holds join it, after
    "the" or a country's name ("The United States Fish and Wildlife Service" gave only
    "Wildlife Service")."""
    start = span.start
    if start < 3 or doc[start - 1].lower_ != "and" or not span[0].is_title:
        return span
    first = start - 1
    while first > 0 and doc[first - 1].is_title and not doc[first - 1].ent_type_ and doc[first - 1].is_alpha:
        first -= 1
    # After "the" or a country's name ("the U.S."), not a sentence's first word:
    # "Officials and Wildlife Service staff" are two.
    before = doc[first - 1] if first > 0 else None
    if first == start - 1 or before is None or not (before.lower_ == "the" or before.ent_type_ == "GPE"):
        return span
    return doc[first : span.end]


def untagged_people(mentions: Sequence[EntityMention], people: Sequence[PersonMention], article_id: str) -> list[EntityMention]:
    """Mentions of the article's people the NER did not tag: a surname alone ("Whitcombe
    shot back") that the speaker rules read as a person the article names in full.
    Without them a later "she" seems to have no one to stand for."""
    spans = [(m.start, m.end) for m in mentions]
    found = []
    for person in people:
        if len(person.name.split()) < 2 or any(s < person.end and person.start < e for s, e in spans):
            continue
        found.append(EntityMention(article_id, person.start, person.end, person.text, "person", person.name))
    return found
