"""Who takes part in a claim, as names the story's identities can be found by.

A claim's `subject` is who its event is about: the subject of its event verb (or of
the support verb the event hangs on: "X refused to resign"), the owner of its event
noun ("his resignation"), else the subject of the verb holding that noun ("X imposed
a ban"). Its `actors` are the subject, the people and organisations its event verb
takes as objects or agents, the he/she pronouns of its words, and the names it
mentions. Each is resolved as the article resolves a speaker
(`speakers.resolve_subject`): a pronoun to its antecedent, "the congressman" to the
person the article gave that role, a surname to the full name, "I" and "we" in a
quotation to its speaker. Names come out in the article's canonical form ("Blake
Farenthold" for "Mr. Farenthold"), which the story's identities hold as a name or an
alias: `link_claim_participants` maps them to entity ids once the story's entities
are known.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from spacy.tokens import Token

from corroborate.model import Claim, Entity
from corroborate.nlp.people import PRONOUN_GENDER, ArticlePeople
from corroborate.nlp.speakers import resolve_subject

_SUBJECTS = ("nsubj", "nsubjpass")
# Dependents of an event verb naming who else takes part ("fired Strzok", "was fired
# by Wray", "sued the agency", "met with the mayor").
_OBJECTS = frozenset(["dobj", "dative", "iobj", "attr", "oprd"])
_MAX_PRONOUNS = 6  # a claim's pronouns resolved at most: each looks back over the article
_FIRST_PERSON = frozenset(["i", "me", "my", "we", "us", "our"])


def _joined_complement(verb: Token) -> bool:
    """A complement without a subject after "and" / "but": a conjunct the parse hung as
    a complement ("X said the vote failed but still declined to say whether ...")."""
    if verb.dep_ != "ccomp":
        return False
    before = verb.left_edge.i - 1
    while before >= 0 and verb.doc[before].pos_ == "ADV":
        before -= 1
    return before >= 0 and verb.doc[before].pos_ == "CCONJ"


def _subject_token(head: Token) -> Token | None:
    """The token naming who the event of `head` (a verb or an event noun) is about."""
    if head.pos_ == "NOUN":
        owner = next((c for c in head.children if c.dep_ == "poss"), None)
        if owner is not None:
            return owner
        of = next((c for c in head.children if c.dep_ == "prep" and c.lower_ in ("of", "by")), None)
        target = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
        if target is not None and target.pos_ in ("PROPN", "PRON"):
            return target
        head = head.head  # "X imposed a ban": the holding verb's subject
    verb = head
    for _ in range(4):
        subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
        if subject is not None and subject.tag_ in ("WP", "WDT") and verb.dep_ == "relcl" and verb.head.pos_ in ("NOUN", "PROPN"):
            return verb.head  # "Ms. Page, who had left the team": the relative pronoun stands for her
        if subject is not None:
            return subject
        if (verb.dep_ in ("xcomp", "conj", "advcl") or _joined_complement(verb)) and verb.head != verb:
            verb = verb.head  # "X decided to resign", "X resigned and left"
            continue
        if verb.dep_ in ("relcl", "acl") and verb.head.pos_ in ("NOUN", "PROPN"):
            return verb.head  # "the congressman, who resigned Friday"
        break
    return None


def _object_tokens(head: Token) -> list[Token]:
    """People and organisations the event verb takes part with: objects, the agent of a
    passive ("by Wray") and the object of a preposition ("with the mayor")."""
    if head.pos_ == "NOUN":
        return []
    found = [c for c in head.children if c.dep_ in _OBJECTS]
    for prep in (c for c in head.children if c.dep_ in ("prep", "agent")):
        found.extend(c for c in prep.children if c.dep_ == "pobj")
    return [t for t in found if t.pos_ in ("PROPN", "PRON") or t.ent_type_ in ("PERSON", "ORG", "NORP")]


class Resolver:
    """Resolves a claim's participants against one article's people."""

    def __init__(self, people: ArticlePeople) -> None:
        self.people = people
        self._canonical: dict[str, str] = {}
        self._names: dict[tuple[int, str | None, bool, str | None], str | None] = {}

    def canonical(self, name: str) -> str:
        """`ArticlePeople.canonical`, once per name (a story's claims repeat their names)."""
        if name not in self._canonical:
            self._canonical[name] = self.people.canonical(name)
        return self._canonical[name]

    def name(self, token: Token, speaker: str | None, quoted: bool, subject: str | None = None) -> str | None:
        """The canonical name `token` stands for, or None. An object pronoun is never
        its own clause's `subject` ("Abbott thanked her": not Abbott)."""
        # A sentence's clauses, frames and quoted parts are claims of their own that
        # share its tokens: each token is resolved once per reading.
        key = (token.i, speaker, quoted, subject)
        if key not in self._names:
            self._names[key] = self._name(token, speaker, quoted, subject)
        return self._names[key]

    def _name(self, token: Token, speaker: str | None, quoted: bool, subject: str | None) -> str | None:
        if quoted and token.lower_ in _FIRST_PERSON:
            return speaker
        if token.pos_ == "PRON" and token.lower_ not in PRONOUN_GENDER:
            return None  # "it", "they": too often no one the article names
        people = self.people
        if subject and token.pos_ == "PRON" and token.dep_ in ("dobj", "dative", "iobj", "pobj"):
            people = dataclasses.replace(people, mentions=[m for m in people.mentions if m.name != subject])
        try:
            found, _, _ = resolve_subject(token, people, speaker)
        except (IndexError, ValueError):  # messy parses never abort a document
            return None
        return found.name or found.represents or None

    def parties(
        self,
        head: Token | None,
        inside: set[int],
        tokens: Sequence[Token],
        speaker: str | None,
        quoted: bool,
        named: Sequence[str],
    ) -> tuple[str | None, tuple[str, ...]]:
        """(subject, actors) of a claim whose event is stated by `head`."""
        subject = None
        actors: dict[str, None] = {}
        if head is not None:
            token = _subject_token(head)
            if token is not None:
                subject = self.name(token, speaker, quoted and token.i in inside)
            if subject:
                actors[subject] = None
            for token in _object_tokens(head):
                if (found := self.name(token, speaker, quoted and token.i in inside, subject)) is not None:
                    actors[found] = None
        pronouns = [t for t in tokens if t.lower_ in PRONOUN_GENDER or (quoted and t.lower_ in _FIRST_PERSON)]
        for token in pronouns[:_MAX_PRONOUNS]:
            if (found := self.name(token, speaker, quoted, subject)) is not None:
                actors[found] = None
        for name in named:
            actors[self.canonical(name)] = None
        return subject, tuple(actors)


def link_claim_participants(claims: Sequence[Claim], entities: Sequence[Entity]) -> list[Claim]:
    """`claims` with `entities`: the ids of the story's entities their `actors` name (a
    name or an alias, case-folded), in the actors' order. Claims are extracted per
    article, before the story's entities are known: the story stage calls this."""
    index: dict[str, str] = {}
    for entity in entities:
        for name in (entity.name, *entity.aliases):
            index.setdefault(name.casefold(), entity.id)
    linked = []
    for claim in claims:
        ids = tuple(dict.fromkeys(index[a.casefold()] for a in claim.actors if a.casefold() in index))
        linked.append(claim.model_copy(update={"entities": ids}) if ids != claim.entities else claim)
    return linked
