"""How every report names things: one place, so the views agree."""

from __future__ import annotations

import re
from collections.abc import Mapping

from corroborate.model import CLAIM_STATUSES, Quote

_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.I)
# Where a description's head noun ends: "officials [familiar with the talks]".
_AFTER_HEAD = re.compile(r"[\s,]+(?:for|of|with|at|in|from|on|to|familiar|who|that|close|near)\b.*$", re.I | re.S)
# Plurals not made with an "s" (a report names people, so these are the ones it meets).
_PLURAL_ONLY = frozenset({"people", "police", "men", "women", "children"})
# A description owned by someone: "His office", "Ibarra's office", "the governor's aides".
_POSSESSIVE_PRONOUNS = frozenset({"his", "her", "their", "its", "our", "my"})
_OWNED = re.compile(
    r"^(?P<the>the\s+)?(?P<owner>his|her|their|its|our|my|[\w.\-]+(?: [\w.\-]+)*?['’]s)\s+(?P<rest>.+)$", re.I | re.S
)
# How reports write each claim status (the order is the model's, most severe first).
STATUS_LABELS: dict[str, str] = {status: status.replace("_", " ") for status in CLAIM_STATUSES}


def speaker_label(quote: Quote, names: Mapping[str, str] | None = None, *, mention: bool = False) -> str:
    """A quote's speaker as a report shows them.

    The canonical name of the speaker's entity when `names` (entity id → name) has it,
    else the name the article gives; with `mention`, the words the article used follow
    in parentheses when they differ from that name ("Ann Lee (the mayor)"). A speaker
    with no name is written in a reader's words: "an unnamed spokesperson" (from the
    description "A spokesperson"), "unnamed fellow Republicans" for several, or "an
    unnamed speaker" without a description."""
    speaker = quote.speaker
    name = names[speaker.entity] if names and speaker.entity and speaker.entity in names else speaker.name
    if name:
        if mention and speaker.mention and speaker.mention.text.casefold() != name.casefold():
            return f"{name} ({speaker.mention.text})"
        return name
    description = _ARTICLE.sub("", speaker.description or "").strip()
    if not description:
        return "an unnamed speaker"
    owned = _OWNED.match((speaker.description or "").strip())
    if owned is not None:
        # "His office", "Ibarra's office", "the governor's aides": whose, as a reader writes it.
        owner, rest = owned.group("owner"), owned.group("rest")
        if speaker.represents:
            return f"{speaker.represents}'s {rest}"
        if owner.casefold() not in _POSSESSIVE_PRONOUNS:
            return f"{(owned.group('the') or '').lower()}{owner} {rest}"
        description = rest
    return f"unnamed {description}" if _plural(description) else f"an unnamed {description}"


def _plural(description: str) -> bool:
    """Whether a description names several people ("fellow Republicans", "officials
    familiar with the talks"): its head noun, before what qualifies it, is plural."""
    words = _AFTER_HEAD.sub("", description).split()
    head = words[-1].strip(".,;:").casefold() if words else ""
    # (No dictionary here: lemminflect would load spaCy into processes that must not.)
    return head in _PLURAL_ONLY or (head.isalpha() and head.endswith("s") and not head.endswith(("ss", "us", "is")))


def status_label(status: str) -> str:
    """A claim status as reports write it ("single source")."""
    return STATUS_LABELS.get(status, status.replace("_", " "))


def claim_status_text(status: str, outlets: int) -> str:
    """A claim group's status as reports write it, given how many outlets carry it: a single
    source several outlets carry is one origin repeated, not corroboration, and says so."""
    if status == "single_source" and outlets > 1:
        return f"single source, one origin carried by {outlets} outlets"
    return status_label(status)
