"""Events: which predicates state the same kind of event ("quit the bureau" /
"resigned" / "stepped down"; "suspended" / "put on hold"), so claims worded with
different verbs can still be compared as one event.

A curated lexicon of news verbs and phrasal verbs, each mapped to the class it
names (the class is its first member). A predicate not in the lexicon is its own
class.
"""

from __future__ import annotations

from spacy.tokens import Token

# Each line: the class, then the verbs and phrasal verbs stating the same event.
_CLASSES = (
    "leave: quit resign depart exit withdraw step_down step_aside drop_out pull_out bow_out",
    "fire: dismiss sack oust terminate axe let_go",
    "suspend: halt pause freeze postpone shelve put_on_hold",
    "reverse: overturn rescind revoke undo repeal overrule roll_back strike_down",
    "ban: bar prohibit outlaw forbid",
    "oppose: reject resist",
    "support: back endorse embrace favor favour",
    "criticize: criticise condemn denounce slam blast rebuke lambaste",
    "charge: indict",
    "begin: start launch commence initiate",
    "stay: remain",
    "repay: reimburse pay_back refund",
    "allow: permit authorize authorise",
    "arrest: detain",
    "investigate: probe",
    "defend: stand_by",
    "praise: hail applaud commend celebrate",
)
_EVENT = {
    word.replace("_", " "): line.split(":")[0] for line in _CLASSES for word in [line.split(":")[0], *line.split(":")[1].split()]
}


def phrasal(verb: Token) -> str:
    """The verb's lemma, with what makes it a phrasal verb the lexicon knows: its
    particle ("stepped down", "paid back") or a fixed prepositional object, on the
    verb or its object ("put the plan on hold")."""
    lemma = verb.lemma_.casefold() or verb.lower_
    for child in verb.children:
        if child.dep_ in ("prt", "advmod") and f"{lemma} {child.lower_}" in _EVENT:
            return f"{lemma} {child.lower_}"
    holders = [verb, *(c for c in verb.children if c.dep_ == "dobj")]
    for prep in (c for holder in holders for c in holder.children if c.dep_ == "prep"):
        for target in prep.children:
            if target.dep_ == "pobj" and f"{lemma} {prep.lower_} {target.lower_}" in _EVENT:
                return f"{lemma} {prep.lower_} {target.lower_}"
    return lemma


def event_of(predicate: str | None) -> str | None:
    """The class of event a predicate states: "quit", "resign", "step down" -> "leave";
    a predicate the lexicon does not know is its own class."""
    return None if predicate is None else _EVENT.get(predicate, predicate)
