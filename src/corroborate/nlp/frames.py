"""Frames: every verb of a claim with the nouns filling its roles and the dates of its
own clause. A claim is one sentence with one main predicate, but outlets often tell an
event in a side clause: "the state's law, which he signed into law on Thursday" / "ever
since the governor signed it into law on Thursday" / "signed into law by the governor at
a private ceremony last week". The frames let the story stage see that these three
sentences share one act (`align.frame_pairs`), however different their main verbs.

Roles are read from the parse: "subject" (a passive's agent, the noun of its "by"
phrase, too), "object" (a passive's subject too, so "he was removed" and "they removed
him" fill one role) and each preposition's object under its preposition ("into:law").
Light verbs and verbs of speech state no event of their own and make no frame;
pronouns fill no role (they are resolved elsewhere, per claim, not per clause).
"""

from __future__ import annotations

from collections.abc import Sequence

from spacy.tokens import Doc, Token

from corroborate.model import DateMention, Frame
from corroborate.nlp.events import event_of, phrasal
from corroborate.nlp.lexicon import LIGHT_VERBS, REPORTING_VERBS

__all__ = ["claim_frames"]

_ROLE = {"nsubj": "subject", "nsubjpass": "object", "dobj": "object", "attr": "object", "oprd": "object"}
_FILLERS = frozenset(["NOUN", "PROPN"])
_TIMES = frozenset(["DATE", "TIME"])
# A sentence of a dozen clauses is a list, not a claim: its frames tell little.
_MAX_FRAMES = 8


def _arguments(verb: Token) -> tuple[str, ...]:
    """The verb's roles with the nouns (and their compound words) filling them."""
    found: dict[str, None] = {}
    for child in verb.children:
        if child.dep_ in _ROLE:
            role, heads = _ROLE[child.dep_], [child]
        elif child.dep_ in ("prep", "agent"):
            role = "subject" if child.dep_ == "agent" else child.lower_
            heads = [g for g in child.children if g.dep_ == "pobj"]
        else:
            continue
        for head in heads:
            # A date is compared as a date ("on Thursday"), not as a role's noun.
            if head.pos_ not in _FILLERS or head.ent_type_ in _TIMES:
                continue
            for word in (*(c for c in head.children if c.dep_ == "compound"), head):
                if word.is_alpha or "-" in word.text:
                    found[f"{role}:{word.lower_}"] = None
    return tuple(found)


def _clause_verb(token: Token) -> Token | None:
    """The nearest verb above a token (itself included): the clause it belongs to."""
    for candidate in (token, *token.ancestors):
        if candidate.pos_ == "VERB":
            return candidate
    return None


def claim_frames(doc: Doc, tokens: Sequence[Token], dates: Sequence[DateMention]) -> tuple[Frame, ...]:
    """The frames of the claim made of `tokens` (of `doc`), whose resolved dates are `dates`."""
    verbs = [
        t for t in tokens if t.pos_ == "VERB" and t.lemma_ and t.lemma_ not in LIGHT_VERBS and t.lemma_ not in REPORTING_VERBS
    ]
    if not verbs or len(verbs) > _MAX_FRAMES:
        return ()
    dated: dict[int, list[str]] = {}
    for date in dates:
        date_span = doc.char_span(date.start, date.end, alignment_mode="expand")
        if date.value is None or date_span is None:
            continue
        verb = _clause_verb(date_span.root)
        if verb is not None:
            dated.setdefault(verb.i, []).append(date.value)
    frames = []
    for verb in verbs:
        predicate = event_of(phrasal(verb))
        if predicate:
            frames.append(Frame(predicate=predicate, arguments=_arguments(verb), dates=tuple(dated.get(verb.i, ()))))
    return tuple(frames)
