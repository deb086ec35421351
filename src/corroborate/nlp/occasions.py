"""Occasions: where, to whom or in what setting someone spoke ("in an interview with Fox
News", "at a rally here", "told about 600 supporters at the fairgrounds").

Outlets reporting one statement often agree on its occasion while wording the
statement itself differently, and a reader checking a quotation asks first where it
was said. An occasion is read off the verb that reports the speech (or any verb an
interview frames: "in an interview, the senator gave his party even odds") and its
own dependents: a preposition whose object names a setting (`SETTINGS`), or an
audience as the verb's object ("told supporters", "told a local affiliate"). A
channel ("in a statement", "on Twitter") is no occasion: it tells how words were
published, and one person's statements and posts are too many to tell apart by it.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Token

from corroborate.nlp.events import singular

# Nouns naming a setting of speech -> the class of occasion two outlets' words share
# ("a rally" and "a speech to supporters" are one appearance).
SETTINGS = {
    "interview": "interview",
    "sit-down": "interview",
    "rally": "appearance",
    "speech": "appearance",
    "address": "appearance",
    "fundraiser": "appearance",
    "event": "appearance",
    "stop": "appearance",
    "forum": "appearance",
    "dinner": "appearance",
    "luncheon": "appearance",
    "breakfast": "appearance",
    "convention": "appearance",
    "meeting": "appearance",
    "conference": "news conference",
    "briefing": "news conference",
    "hearing": "hearing",
    "testimony": "hearing",
    "debate": "debate",
}
# "town hall", "news conference": the head noun is read with the word before it.
_COMPOUND_SETTINGS = {("town", "hall"): "appearance", ("news", "conference"): "news conference"}
# An audience heard in person -> an appearance; a news organisation spoken to -> an interview.
_AUDIENCES = frozenset("supporters crowd crowds audience audiences donors students delegates activists".split())
_MEDIA = frozenset(
    "affiliate station network newspaper paper magazine radio television channel show program programme broadcaster".split()
)
# The press at large ("told reporters") is no one occasion.
_PRESS = frozenset(["reporters", "journalists", "press", "media", "newsmen"])
_PREPOSITIONS = frozenset(["at", "in", "during", "before"])
# Where and when a speech verb's other prepositions say it spoke.
_FRAMING_PREPOSITIONS = frozenset(["at", "in", "on", "during", "before", "after"])
# Verbs addressing an audience or a station as their object ("told supporters",
# "addressed the crowd"); "urged supporters", "maintains a program" name no occasion.
_ADDRESSING = frozenset(["tell", "address"])
# "at a conference" is an appearance unless the press is named ("news conference").
_PRESS_MODIFIERS = frozenset(["news", "press"])


@dataclass(frozen=True)
class Occasion:
    """An occasion of speech: its `kind` (a value of `SETTINGS`), the verb it frames,
    the token that names it (the setting's noun, or the audience) and, once read off a
    clause, the `words` stating it (`occasion_words`, set with `dataclasses.replace`)."""

    kind: str
    verb: Token
    marker: Token
    # Whether the verb reports speech: then its other framing words (where, when) are
    # the occasion's too; else only the subject, the verb and the setting are.
    speech: bool = True
    words: tuple[Token, ...] = ()


def _setting(noun: Token) -> str | None:
    """The class of occasion a noun names, reading a compound's first word too."""
    if noun.pos_ not in ("NOUN", "PROPN") or noun.ent_type_ in ("DATE", "TIME"):
        return None
    before = next((c.lower_ for c in noun.children if c.dep_ == "compound" and c.i == noun.i - 1), "")
    if (before, noun.lower_) in _COMPOUND_SETTINGS:
        return _COMPOUND_SETTINGS[(before, noun.lower_)]
    kind = SETTINGS.get(_singular(noun))
    if kind == "news conference" and noun.lower_.startswith("conference") and before not in _PRESS_MODIFIERS:
        return "appearance"
    return kind


def _singular(noun: Token) -> str:
    """A noun's lower-case singular: "rallies" -> "rally", "affiliates" -> "affiliate"."""
    return (singular(noun.lower_) if noun.tag_ == "NNS" else None) or noun.lower_


def occasion_of(verb: Token, speech: bool) -> Occasion | None:
    """The occasion a verb's own dependents give: a setting after a preposition ("at a
    rally", "in an interview with ...") for any verb when it is an interview, for a
    verb reporting speech (`speech`) otherwise; an audience or a news organisation as
    the object of a speech verb ("told about 600 supporters", "told a local affiliate").
    An interview set off after the verb's subject ("The speaker, in an interview with
    ..., gave") frames the verb too."""
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    set_off = [c for c in subject.children if c.i > subject.i] if subject is not None else []
    framing = [*verb.children, *set_off]
    for child in framing:
        if child.dep_ == "prep" and child.lower_ in _PREPOSITIONS:
            for noun in child.children:
                if noun.dep_ != "pobj":
                    continue
                kind = _setting(noun)
                if kind is not None and (speech or kind == "interview") and (child.head == verb or kind == "interview"):
                    return Occasion(kind, verb, noun, speech)
        if speech and child.dep_ == "prep" and child.lower_ == "to" and child.head == verb:
            heard = next((o for o in child.children if o.dep_ == "pobj" and o.lower_ in _AUDIENCES), None)
            if heard is not None:
                return Occasion("appearance", verb, heard)  # "spoke to a crowd of supporters"
        addressed = speech and child.head == verb and verb.lemma_ in _ADDRESSING and child.lower_ not in _PRESS
        if addressed and child.dep_ in ("dobj", "dative"):
            if child.pos_ == "NOUN" and child.lower_ in _AUDIENCES:
                return Occasion("appearance", verb, child)
            # "a local affiliate", "Denver Fox affiliate KDVR-TV": the station is named or described.
            if any(_singular(t) in _MEDIA for t in child.subtree if t.i <= child.i or t.dep_ == "appos"):
                return Occasion("interview", verb, child)
    return None


def closing_interview(verb: Token, tokens: list[Token]) -> Occasion | None:
    """An interview named at the end of a report, wherever the parse hangs it ("X said
    the party could lose in an interview Sunday on Channel 9"): the verb's occasion."""
    words = [t for t in tokens if not t.is_punct]
    if not any(t.lower_.startswith("interview") for t in words):
        return None
    for token in words:
        closing = token.head.right_edge.i >= words[-1].i
        if token.dep_ == "pobj" and _setting(token) == "interview" and token.head.lower_ in _PREPOSITIONS and closing:
            return Occasion("interview", verb, token)
    return None


# The verb's dependents that state what was said or done, not where: left out.
_CONTENT = frozenset(["dobj", "ccomp", "xcomp", "dative", "attr", "oprd", "acomp", "parataxis", "conj", "cc", "agent"])


def occasion_words(occasion: Occasion, inside: set[int], skip: tuple[int, int] = (0, 0)) -> list[Token]:
    """The words stating an occasion within a clause (token indices `inside`): the
    verb's subject, the verb and the words naming the occasion with what else frames
    the verb (a date, a place), as one span in reading order; never the tokens in
    `skip` (a quotation's characters, start and end) but the setting's, which state what was said."""
    verb, marker = occasion.verb, occasion.marker
    named = marker.head if marker.dep_ == "pobj" else marker
    parts = [named, verb]
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is not None:
        parts.append(subject)
    # The verb's other framing words: where and when ("at the county fairgrounds").
    framing = [c for c in verb.children if _framing(c) and not _content(c, verb, parts)] if occasion.speech else []
    first = min(p.left_edge.i if p is not verb else p.i for p in (*parts, *framing))
    last = max(p.right_edge.i if p is not verb else p.i for p in (*parts, *framing))
    # Without a speech verb only the subject and the setting state it ("The speaker, in
    # an interview with Fox News, [gave his party even odds]"): the rest is what was done.
    phrase = {t.i for t in named.subtree}  # the setting is never what was said, whatever a quotation's bounds
    kept = {t.i for p in parts if p is not verb for t in p.subtree} | {c.i for c in verb.children if c.is_punct}
    if occasion.speech:
        kept |= {verb.i} | {c.i for c in verb.children if c.dep_ in ("aux", "auxpass", "neg", "prt")}
    words = [
        t
        for t in verb.doc[first : last + 1]
        if t.i in inside
        and (t.i in phrase or not skip[0] <= t.idx < skip[1])
        and (t.i in kept or (occasion.speech and not _content(t, verb, parts)))
    ]
    # One run of words: a gap (the reported words between the verb and the setting)
    # ends it where the setting is not.
    runs: list[list[Token]] = []
    for token in words:
        if runs and token.i == runs[-1][-1].i + 1:
            runs[-1].append(token)
        else:
            runs.append([token])
    run = next((run for run in runs if any(t.i == marker.i for t in run)), [])
    while run and (run[0].is_punct or run[0].dep_ == "cc"):
        run = run[1:]
    while run and (run[-1].is_punct or run[-1].pos_ in ("ADP", "SCONJ", "CCONJ") or run[-1].lower_ == "that"):
        run = run[:-1]
    return run


def _framing(child: Token) -> bool:
    """Whether a dependent of the speech verb tells where or when it spoke ("at the
    fairgrounds", "on Tuesday", "here"), not why or after what ("Following the
    reports, ...")."""
    if child.dep_ == "prep":
        return child.lower_ in _FRAMING_PREPOSITIONS
    return child.dep_ in ("npadvmod", "advmod", "tmod")


def _content(token: Token, verb: Token, parts: list[Token]) -> bool:
    """Whether a token belongs to a dependent of the verb stating what was said or done
    (its object, its complement, a clause after it), not part of the occasion."""
    top = token
    while top.head.i != top.i and top.head.i != verb.i:
        top = top.head
    if top.i == verb.i or top.head.i != verb.i or any(top.i == p.i for p in parts):
        return False
    return top.dep_ in _CONTENT or (top.dep_ == "advcl" and top.i > verb.i)
