"""Sources and status of claim groups.

A claim's source is the party asserting it: its speaker, or whom the speaker speaks
for ("a spokeswoman for the governor" is the governor's voice), or the outlet stating
it from its own reporting. Status, most severe first:

- `conflicting`: the accounts cannot all be true (disjoint ranges for one measure);
- `disputed`: a named party denies it ("X's office denied that ...");
- `corroborated`: two or more independent sources;
- `single_source`: one source, however many outlets or channels carry it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from corroborate.model import Entity

DENIAL_CUES = frozenset(
    ["deny", "denied", "denies", "denying", "dispute", "disputed", "disputes", "reject", "rejected", "rejects",
     "refute", "refuted", "refutes", "dismissed", "dismisses", "contested", "contests"]
)  # fmt: skip
_SPOKESPERSON = re.compile(
    r"\b(?:spokes(?:wo)?man|spokesperson|aide|press secretary|representative|adviser|advisor|deputy|lawyer|attorney)\b"
    r"(?:\s+(?:for|to|of)\s+(?P<after>.+))?",
    re.I,
)
_POSSESSOR = re.compile(
    r"(?P<before>[\w .'-]+?)(?:'s|’s|'|’)\s+(?:spokes|aide|press|representative|advis|deputy|lawyer|attorney)", re.I
)
_ABBREVIATIONS = {"gov": "governor", "sen": "senator", "rep": "representative", "pres": "president", "atty": "attorney"}


def _role_words(text: str) -> set[str]:
    words = {w.casefold().rstrip(".") for w in re.findall(r"[A-Za-z.]+", text)}
    return {_ABBREVIATIONS.get(w, w) for w in words} - {"the", "a", "an", "of", "for", "to"}


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
    by_name = [
        e.id for e in entities
        if e.id != speaker.id and any(n.casefold() in folded for n in (e.name, *e.aliases, e.name.split()[-1]) if len(n) > 2)
    ]  # fmt: skip
    if len(set(by_name)) == 1:
        return by_name[0]
    wanted = _role_words(target) - {"office", "state", "city"}
    by_role = {
        e.id for e in entities if e.id != speaker.id and e.kind == "person" and any(wanted & _role_words(r.text) for r in e.roles)
    }
    return next(iter(by_role)) if len(by_role) == 1 else None


def status_of(conflicts: Sequence[object], disputed_by: Sequence[str], sources: Sequence[str]) -> str:
    if conflicts:
        return "conflicting"
    if disputed_by:
        return "disputed"
    return "corroborated" if len(sources) >= 2 else "single_source"
