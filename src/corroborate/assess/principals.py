"""Whom a spokesperson, aide or lawyer speaks for, read off the roles the identities
stage gives each person ("a spokeswoman for the governor", "Polis' aide"). Claim
sources count such a speaker's words as their principal's; drift treats words of one
credited to the other as the misattribution it is about. Light on purpose: no parse,
so the processes that only read results (the ingest process, corrections) import it
without the language models."""

from __future__ import annotations

import re
from collections.abc import Sequence

from corroborate.model import Entity
from corroborate.nlp.lexicon import names_a_company
from corroborate.nlp.names import TITLE_ABBREVIATIONS

_SPOKESPERSON = re.compile(
    r"\b(?:spokes(?:wo)?man|spokesperson|aide|press secretary|representative|adviser|advisor|deputy|lawyer|attorney"
    r"|(?:chief\s+)?communications\s+(?:director|officer|chief|manager)|director\s+of\s+communications"
    r"|press\s+officer|public\s+information\s+officer)\b"
    r"(?:\s+(?:for|to|of|who\s+represents|representing)\s+(?P<after>.+))?",
    re.I,
)
# "Polis' aide", "Mr. Grimm's lawyer", and a name before the role ("Hollister campaign
# spokeswoman", "Strzok attorney").
_POSSESSOR = re.compile(
    r"(?P<before>[\w .'-]+?)(?:'s|’s|'|’)?\s+(?:campaign\s+|chief\s+)?(?:spokes|aide|press|representative|advis|deputy|lawyer|attorney|communications)",
    re.I,
)


def _role_words(text: str) -> set[str]:
    words = {w.casefold().rstrip(".") for w in re.findall(r"[A-Za-z.]+", text)}
    return {TITLE_ABBREVIATIONS.get(w, w) for w in words} - {"the", "a", "an", "of", "for", "to"}


def principals(entities: Sequence[Entity]) -> dict[str, str]:
    """Entity id of a spokesperson, aide or lawyer -> entity id of whom they speak for,
    when one of their roles names them ("a spokeswoman for the governor", "Polis'
    aide") and exactly one other entity fits (by name, or by a role word: the
    governor)."""
    result: dict[str, str] = {}
    for entity in entities:
        for role in entity.roles:
            match = _SPOKESPERSON.search(role.text)
            target = (match.group("after") if match and match.group("after") else None) or (
                m.group("before") if (m := _POSSESSOR.search(role.text)) else None
            )
            if not target:
                continue
            found = _principal(target, entity, entities)
            if found is not None:
                result[entity.id] = found
                break
    return result


def _principal(target: str, speaker: Entity, entities: Sequence[Entity]) -> str | None:
    folded = target.casefold()
    # (no one speaks for a place: "Brennan Gulf spokeswoman" is the company's, not a place's of that name)
    by_name = [
        e.id for e in entities
        if e.id != speaker.id and e.kind != "place"
        and any(n.casefold() in folded for n in (e.name, *e.aliases, e.name.split()[-1]) if len(n) > 2)
    ]  # fmt: skip
    if len(set(by_name)) == 1:
        return by_name[0]
    wanted = _role_words(target) - {"office", "state", "city"}
    by_role = {
        e.id for e in entities if e.id != speaker.id and e.kind == "person" and any(wanted & _role_words(r.text) for r in e.roles)
    }
    return next(iter(by_role)) if len(by_role) == 1 else None


# Offices that speak for a body: its chair or head ("chair of the State Transportation
# Safety Board", "the guild's president").
_LEADING_OFFICE = re.compile(
    r"\b(?:chair(?:man|woman|person)?|president|director|head|chief|leader|commissioner|superintendent|executive|ceo)\b", re.I
)


def organisations_led(entities: Sequence[Entity]) -> dict[str, str]:
    """Entity id of a person -> entity id of the organisation one of their roles says
    they lead ("chair of the State Transportation Safety Board", "guild president"):
    its full name in the role, or its last word when exactly one organisation of the
    story ends in it."""
    bodies = [e for e in entities if e.kind in ("organization", "group")]
    result: dict[str, str] = {}
    for entity in entities:
        if entity.kind != "person":
            continue
        for role in entity.roles:
            if not _LEADING_OFFICE.search(role.text):
                continue
            folded = role.text.casefold()
            words = set(re.findall(r"[a-z]+", folded.replace("’s", "").replace("'s", "")))
            named = {b.id for b in bodies if any(len(n) > 3 and n.casefold() in folded for n in (b.name, *b.aliases))}
            if not named:
                named = {b.id for b in bodies if len(b.name.split()) > 1 and b.name.split()[-1].casefold() in words}
            if not named:
                # A company by its first word ("Ridgeline CEO" of Ridgeline Power & Light); not
                # a public body, whose first word is often its place's ("Brannock mayor").
                named = {
                    b.id
                    for b in bodies
                    if names_a_company(b.name) and len(b.name.split()[0]) > 3 and b.name.split()[0].casefold() in words
                }
            if len(named) == 1:
                result[entity.id] = next(iter(named))
                break
    return result


def speaks_for_another(entity: Entity) -> bool:
    """Whether one of a person's roles is to speak for someone (a spokeswoman, an aide,
    a lawyer), whether or not the article says for whom."""
    return any(_SPOKESPERSON.search(role.text) for role in entity.roles)


def leaders_of(entities: Sequence[Entity]) -> dict[str, frozenset[str]]:
    """Organisation entity id -> the people who may lead it: those whose role names it
    (`organisations_led`), and those holding a leading office whose roles name no
    organisation ("Superintendent Marisol Vance" in a story about one district), who may
    lead any of the story's organisations. A spokeswoman for the district speaks for its
    superintendent."""
    spokespeople = {e.id for e in entities if speaks_for_another(e)}  # ("chief communications officer")
    led = {person: body for person, body in organisations_led(entities).items() if person not in spokespeople}
    bodies = [e.id for e in entities if e.kind in ("organization", "group")]
    unplaced = {
        e.id
        for e in entities
        if e.kind == "person"
        and e.id not in led
        and e.id not in spokespeople
        and any(_LEADING_OFFICE.search(r.text) for r in e.roles)
    }
    placed: dict[str, set[str]] = {}
    for person, body in led.items():
        placed.setdefault(body, set()).add(person)
    anyone = frozenset(unplaced)  # (one set for every body none is placed at)
    return {body: anyone | placed[body] if body in placed else anyone for body in {*bodies, *placed}}
