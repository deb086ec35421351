"""Keys of independence for the parties a claim group rests on: one person however
outlets name them, one body however they word its name, one outlet with or without
"The", and a party named in full and in short as one."""

from __future__ import annotations

import re
from collections.abc import Sequence

from corroborate.model import Entity
from corroborate.nlp.names import TITLE_ABBREVIATIONS


def short_names_as_full(asserted: dict[str, tuple[str, str]], story_names: set[frozenset[str]]) -> dict[str, tuple[str, str]]:
    """A party a group names in full and in short ("Meridale Pharmaceuticals" and
    "Meridale", "Wade Corliss" and "Corliss", "WBRM-TV" and "WBRM") is one source: a
    label whose name words all stand in one other, longer label of the group is that
    label's, when no other name of the story (`story_names`: the words of each entity's
    and outlet's name) holds them too ("Corliss" stays apart when the story names Wade
    and Dana Corliss)."""
    labels = {label: key for label, key in asserted.values()}
    names = {label: name_words(label) for label in labels}
    merged = {}
    for label, found in names.items():
        if not found:
            continue
        longer = [other for other, theirs in names.items() if other != label and found < theirs]
        holders = {name for name in story_names if found < name}
        if len(longer) == 1 and holders <= {names[longer[0]]}:
            merged[label] = (longer[0], labels[longer[0]])
    return {claim: merged.get(label, (label, key)) for claim, (label, key) in asserted.items()}


def name_words(label: str) -> frozenset[str]:
    """The words of a party's name but "the", "of", "and", "for" (none when another
    word of it is in lower case: "the state auditor" names no one)."""
    found = re.findall(r"[\w'’.]+", label)
    if any(w[:1].islower() and w.casefold() not in ("the", "of", "and", "for") for w in found):
        return frozenset()
    return frozenset(w.casefold() for w in found if w.casefold() not in ("the", "of", "and", "for"))


def person_name_key(name: str) -> str:
    """One person however outlets name them: "John A. Boehner" and "John Boehner" are
    (first initial, surname); a title or middle initial changes nothing."""
    parts = [p for p in re.findall(r"[\w'’-]+", name.casefold()) if p not in TITLE_ABBREVIATIONS and len(p) > 1]
    if len(parts) < 2:
        return name.casefold()
    return f"{parts[0][0]}. {parts[-1]}"


def organisation_keys(entities: Sequence[Entity]) -> dict[str, str]:
    """Bodies however outlets word their names: "the Albany Times Union" and "the Times
    Union of Albany" are one (their words, less articles and "of", in any order), keyed
    by the first one's name; a name no other entity shares keeps its own."""
    first: dict[tuple[str, ...], str] = {}
    keys = {}
    for entity in entities:
        if entity.kind == "person":
            continue
        own = entity.name.casefold()
        words = tuple(sorted(w for w in re.findall(r"[\w'’.&-]+", own) if w not in ("the", "of")))
        if (key := first.setdefault(words, own)) != own:
            keys[entity.id] = key
    return keys


def folded_outlet(name: str) -> str:
    """ "The New York Times" and "New York Times" are one outlet's name."""
    return re.sub(r"^the\s+", "", name.strip().casefold())
